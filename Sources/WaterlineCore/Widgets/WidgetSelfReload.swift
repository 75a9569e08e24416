import Foundation

/// How a widget of a running session keeps up when the app may not reload it: its timeline asks
/// WidgetKit to reload it by itself (`Timeline`'s `.after(_:)` policy) every `interval` while the
/// session is being logged in, and each such reload reads the store as it stands. The app, in the
/// background, leaves a change to that reload instead of spending WidgetKit's daily budget on
/// every log (about 40 a day for a widget people look at often:
/// https://developer.apple.com/documentation/widgetkit/keeping-a-widget-up-to-date); a session's
/// widgets cost at most one reload an `interval` while it is logged in, and none once it has
/// been left alone for `liveWindow`.
public enum WidgetSelfReload {
    /// How often a logged-in session's widget reloads itself.
    public static let interval: TimeInterval = 15 * 60
    /// How long after the last log the widget keeps reloading itself: as long as the reminders
    /// go on after it (`ReminderPlanner.defaultInactivityCutoff`), one bound for both.
    public static let liveWindow: TimeInterval = ReminderPlanner.defaultInactivityCutoff

    /// When a widget given `snapshot` asks WidgetKit to reload it: `interval` after it was made,
    /// for a running session logged in within `liveWindow` before; nil otherwise (its entries move
    /// on by themselves, and the app reloads it when something changes).
    public static func date(for snapshot: WidgetSnapshot) -> Date? {
        guard snapshot.isActive, let latest = snapshot.recentLogs.map(\.timestamp).max(), latest <= snapshot.generatedAt,
              snapshot.generatedAt.timeIntervalSince(latest) < liveWindow
        else { return nil }
        return snapshot.generatedAt.addingTimeInterval(interval)
    }

    /// Whether, after the app handed the widgets a snapshot at `handedAt`, a reload WidgetKit makes
    /// by itself is still to come after `now`: the reload at each step reads the session as it then
    /// stood (its logs up to that time, `logTimes` in any order) and asks for the next while one
    /// was made within `liveWindow`. A change made now can wait for it: it comes within `interval`.
    public static func isPending(handedAt: Date, logTimes: [Date], now: Date) -> Bool {
        var reload = handedAt
        while true {
            guard logTimes.contains(where: { $0 <= reload && reload.timeIntervalSince($0) < liveWindow }) else { return false }
            reload += interval
            if reload > now { return true }
        }
    }
}
