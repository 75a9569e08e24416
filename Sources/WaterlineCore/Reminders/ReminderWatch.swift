import Foundation

/// Where a foreground loop learns that a reminder came due: the app's tick while it is open,
/// `waterline remind` and the command line's live screen each keep one. Between two looks, the
/// plan read at the earlier one says which reminders fell due.
public struct ReminderWatch: Hashable, Sendable {
    /// When the plan was last looked at; nil before the first look.
    public private(set) var lastLook: Date?

    /// - Parameter start: the time from which a reminder counts as newly due (nil: from the first look).
    public init(since start: Date? = nil) {
        lastLook = start
    }

    /// The reminders of `plan` that fell due after the last look and by `now`, oldest first (none
    /// on the first look, or when the clock went back); the look moves on to `now`.
    public mutating func look(at plan: ReminderPlan?, now: Date) -> [ReminderRequest] {
        defer { lastLook = now }
        guard let since = lastLook, let plan else { return [] }
        return plan.requests.filter { $0.fireDate > since && $0.fireDate <= now }.sorted { $0.fireDate < $1.fireDate }
    }
}
