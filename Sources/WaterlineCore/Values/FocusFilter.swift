/// What a Focus filter asks of Waterline while its Focus is on ("while Work is on, be discreet
/// and hide counts"): set in Settings → Focus → a Focus → Add Filter, handed to the app by the
/// system when the Focus turns on and off (`SetFocusFilterIntent`). It only turns discretion
/// on: it changes what every surface shows while it holds, never the person's synced settings.
public struct FocusFilter: Codable, Hashable, Sendable {
    /// Reminders, widgets and the Live Activity say no drink words.
    public var discreet: Bool
    /// The Lock Screen, its widgets and the Live Activity show no counts.
    public var hidesCounts: Bool

    public init(discreet: Bool = false, hidesCounts: Bool = false) {
        self.discreet = discreet
        self.hidesCounts = hidesCounts
    }

    /// Asks nothing (a Focus turned off leaves the filter at its defaults).
    public var isEmpty: Bool { !discreet && !hidesCounts }

    /// `settings` as the surfaces show them while this filter holds: discreet and counts hidden
    /// where it asks, the person's own choice wherever it does not.
    public func applied(to settings: UserSettings) -> UserSettings {
        var shown = settings
        shown.discreetNotifications = settings.discreetNotifications || discreet
        shown.hideLockScreenCounts = settings.hideLockScreenCounts || hidesCounts
        return shown
    }
}
