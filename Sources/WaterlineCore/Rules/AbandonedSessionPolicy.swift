import Foundation

/// When a running session was left behind. Two rules, both from what the person did:
/// - **quiet**: nothing done in it for `quietAfter` (six hours) since its last log, or since it
///   was started or kept going. A person who has logged nothing since half past one is home by
///   breakfast: every surface shows the session ended at its last log (`QuietSession`), its reminders
///   have long stopped (`ReminderPlanner.inactivityCutoff`), the next log from any surface starts a
///   session of its own (a widget, the watch, Siri cannot ask), and the app asks whether it is over;
/// - **long**: started more than `threshold` (twelve hours) ago, however busy (the launch prompt
///   "End Now" / "Keep Going", US-025).
public struct AbandonedSessionPolicy: Hashable, Sendable {
    public static let defaultThreshold: TimeInterval = 12 * 60 * 60
    public static let defaultQuietAfter: TimeInterval = 6 * 60 * 60

    public var threshold: TimeInterval
    public var quietAfter: TimeInterval

    public init(threshold: TimeInterval = Self.defaultThreshold, quietAfter: TimeInterval = Self.defaultQuietAfter) {
        self.threshold = threshold
        self.quietAfter = quietAfter
    }

    /// Whether a running session was forgotten, seen from a log (or a start) at `time`: nothing was
    /// done in it for longer than `quietAfter` before. Such a session ends at its last log, and the
    /// new log starts a session of its own. A long session still being logged is never forgotten.
    public func isForgotten(lastActivity: Date, at time: Date) -> Bool {
        time.timeIntervalSince(lastActivity) > quietAfter
    }

    /// When a session was last logged in: its last log, or its start when it has none (what it
    /// ends at when forgotten). `logs` are the session's in replay order (as every store reads them
    /// and `SessionSnapshot` keeps them), so the last is the latest: one look, not a walk.
    public static func lastLog(of session: Session, logs: [LogEntry]) -> Date {
        max(session.startTime, logs.last?.timestamp ?? session.startTime)
    }

    /// When the person last did anything with a session: its last log, or the last change to the
    /// session itself (started, a plan set, "Keep Going"), whichever came later.
    public static func lastActivity(of session: Session, logs: [LogEntry]) -> Date {
        max(lastLog(of: session, logs: logs), session.updatedAt)
    }

    /// Whether `session` is still active more than `threshold` after it started.
    public func isAbandoned(_ session: Session, now: Date) -> Bool {
        session.isActive && session.deletedAt == nil && now.timeIntervalSince(session.startTime) > threshold
    }

    /// The prompt to show when the app opens, or nil: for a session gone quiet (nothing done in it
    /// since `lastActivity` for `quietAfter`), or started more than `threshold` ago. After "Keep
    /// Going" at `keptGoingAt` (which also counts as activity, so a quiet session is live again), a
    /// long session is not asked about for another full threshold.
    public func prompt(for session: Session, lastActivity: Date, now: Date, keptGoingAt: Date? = nil) -> AbandonedSessionPrompt? {
        guard session.isActive, session.deletedAt == nil else { return nil }
        let quiet = isForgotten(lastActivity: lastActivity, at: now)
        var long = isAbandoned(session, now: now)
        if let keptGoingAt, keptGoingAt >= session.startTime, now.timeIntervalSince(keptGoingAt) <= threshold { long = false }
        guard quiet || long else { return nil }
        let hours = Int(now.timeIntervalSince(session.startTime) / 3600)
        return AbandonedSessionPrompt(sessionId: session.id, hoursRunning: hours)
    }
}
