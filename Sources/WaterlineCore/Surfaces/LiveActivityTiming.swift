import Foundation

/// When the Live Activity stops looking live, and how long an ended session's stays. The system
/// redraws an activity only when the app updates it, so the times are given to it in advance:
/// a running session's activity goes stale when its next reminder falls due (the view then says
/// water is due instead of a countdown frozen at 0:00), and an ended session's leaves soon after
/// the end instead of showing live-looking buttons for hours.
public enum LiveActivityTiming {
    /// A running session with no reminder planned stops looking live this long after its last update.
    public static let staleAfter: TimeInterval = 2 * 60 * 60
    /// An ended session's final state stays on the Lock Screen this long.
    public static let endedLingers: TimeInterval = 15 * 60

    /// When `glance`, sent at `now`, goes stale: at its next reminder, else `staleAfter` later;
    /// an ended session's at once.
    public static func staleDate(for glance: SessionGlance, now: Date) -> Date {
        if glance.isEnded { return now }
        if let next = glance.nextReminderDate, next > now { return min(next, now.addingTimeInterval(staleAfter)) }
        return now.addingTimeInterval(staleAfter)
    }

    /// When the system removes an activity that ended at `now`.
    public static func dismissal(endedAt now: Date) -> Date {
        now.addingTimeInterval(endedLingers)
    }

    /// What the activity's clocks line says when it went stale while the session runs: water is due.
    public static func isReminderDue(_ glance: SessionGlance, isStale: Bool) -> Bool {
        isStale && !glance.isEnded && glance.nextReminderDate != nil
    }
}
