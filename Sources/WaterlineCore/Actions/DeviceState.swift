import Foundation

/// Everything the surfaces show, as the store holds it: the running session, the settings and the
/// presets. Every action returns it fresh, so no surface reads the store again after a change.
public struct DeviceState: Hashable, Sendable {
    /// The running session; nil when none runs.
    public var active: SessionSnapshot?
    public var settings: UserSettings
    /// Live presets in their order.
    public var presets: [DrinkPreset]
    /// The store's change feed's newest place when the state was read: it grows with every commit
    /// to the store, whoever made it, so a state read before a later commit is recognised and
    /// never shown after it (an equal version is the same records).
    public var version: Int
    /// The Focus filter holding while the surfaces show this state (`underFocus`); nil: none.
    public var focus: FocusFilter?

    public init(active: SessionSnapshot?, settings: UserSettings, presets: [DrinkPreset], version: Int = 0, focus: FocusFilter? = nil) {
        self.active = active
        self.settings = settings
        self.presets = presets
        self.version = version
        self.focus = focus
    }

    /// The settings as the surfaces show them: the person's, made discreet and counts hidden
    /// where a Focus filter asks (`settings` stays the person's, for Settings and sync).
    public var shownSettings: UserSettings {
        focus.map { $0.applied(to: settings) } ?? settings
    }

    /// What "+ Drink" logs where there is no room to choose (`DrinkPreset.quickDrink(among:)`).
    public var quickDrink: DrinkPreset? { DrinkPreset.quickDrink(among: presets) }

    /// What the Live Activity shows of the running session, its "+ Drink" named, discreet as the
    /// person chose.
    public var activeGlance: SessionGlance? {
        guard var glance = active.map(glance(of:)) else { return nil }
        glance.quickDrinkName = quickDrink?.shownName
        return glance
    }

    /// The running session's quiet end (`QuietSession`) when it has come by `now`; nil while the
    /// session is live, or when none runs.
    public func quietSession(at now: Date) -> QuietSession? {
        guard let snapshot = active, hasGoneQuiet(at: now) else { return nil }
        return QuietSession(snapshot, settings: settings)
    }

    /// This state as the surfaces show it at `now`: a running session gone quiet is not live.
    public func live(at now: Date) -> DeviceState {
        guard hasGoneQuiet(at: now) else { return self }
        var shown = self
        shown.active = nil
        return shown
    }

    private func hasGoneQuiet(at now: Date) -> Bool {
        guard let date = active.flatMap({ QuietSession.date(of: $0) }) else { return false }
        return now > date
    }

    /// What the Live Activity shows of `session` (an ended one's last state too), discreet and with
    /// counts as the person chose.
    public func glance(of snapshot: SessionSnapshot) -> SessionGlance {
        var glance = snapshot.glance
        glance.discreet = shownSettings.discreetNotifications
        glance.hidesCounts = shownSettings.hideLockScreenCounts
        return glance
    }
}
