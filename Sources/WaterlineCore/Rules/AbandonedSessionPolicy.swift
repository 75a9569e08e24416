import Foundation

/// When a running night was left behind: started long ago (the launch prompt "End Now" / "Keep
/// Going"), or nothing logged in it for long (forgotten: the next log starts a new night).
public struct AbandonedSessionPolicy: Hashable, Sendable {
    public static let defaultThreshold: TimeInterval = 12 * 60 * 60

    public var threshold: TimeInterval

    public init(threshold: TimeInterval = Self.defaultThreshold) {
        self.threshold = threshold
    }

    /// Whether a running night was forgotten, seen from a log (or a start) at `time`: nothing was
    /// logged in it for longer than `threshold` before. Such a night ends at `lastActivity`, and
    /// the new log starts a night of its own, from whatever surface it comes (a widget, the watch,
    /// Siri cannot ask). A long night still being logged is never forgotten.
    public func isForgotten(lastActivity: Date, at time: Date) -> Bool {
        time.timeIntervalSince(lastActivity) > threshold
    }

    /// When a night was last active: its last log, or its start when it has none. `logs` are the
    /// night's in replay order (as every store reads them and `SessionSnapshot` keeps them), so
    /// the last is the latest: a log costs this one look, not a walk of the night.
    public static func lastActivity(of session: Session, logs: [LogEntry]) -> Date {
        max(session.startTime, logs.last?.timestamp ?? session.startTime)
    }

    /// Whether `session` is still active more than `threshold` after it started.
    public func isAbandoned(_ session: Session, now: Date) -> Bool {
        session.isActive && session.deletedAt == nil && now.timeIntervalSince(session.startTime) > threshold
    }

    /// The prompt to show on launch, or nil. After "Keep Going" at `keptGoingAt`, it stays quiet
    /// for another full threshold so the person is not asked on every launch.
    public func prompt(for session: Session, now: Date, keptGoingAt: Date? = nil) -> AbandonedSessionPrompt? {
        guard isAbandoned(session, now: now) else { return nil }
        if let keptGoingAt, keptGoingAt >= session.startTime, now.timeIntervalSince(keptGoingAt) <= threshold {
            return nil
        }
        let hours = Int(now.timeIntervalSince(session.startTime) / 3600)
        return AbandonedSessionPrompt(sessionId: session.id, hoursRunning: hours)
    }
}
