import Foundation

/// A running session nothing was done in for `AbandonedSessionPolicy.quietAfter` (six hours) is no
/// longer live on the surfaces: widgets, the complication and the Live Activity show no session,
/// with the session as it stood at its last log as the last one, and its reminders have stopped.
/// (Its record stays running until the app's prompt ends it at its last log or keeps it going, or
/// the next log ends it there and starts a session of its own: `AbandonedSessionPolicy.isForgotten`.)
/// The times are known in advance, so a widget's timeline turns at `date` by itself.
public struct QuietSession: Codable, Hashable, Sendable {
    /// When the session goes quiet: its last activity plus `quietAfter`.
    public var date: Date
    /// The session as it would end at its last log.
    public var summary: SessionSummary

    /// When `session` goes quiet under `policy`; nil for a session that is not running. (Cheap: the
    /// summary is made only by `init`, for a surface that shows it.)
    public static func date(of snapshot: SessionSnapshot, policy: AbandonedSessionPolicy = AbandonedSessionPolicy()) -> Date? {
        guard snapshot.session.isActive, snapshot.session.deletedAt == nil else { return nil }
        return snapshot.lastActivity.addingTimeInterval(policy.quietAfter)
    }

    /// The quiet end of `session` under `policy`; nil for a session that is not running.
    public init?(_ snapshot: SessionSnapshot, settings: UserSettings, policy: AbandonedSessionPolicy = AbandonedSessionPolicy()) {
        guard let date = Self.date(of: snapshot, policy: policy) else { return nil }
        self.date = date
        summary = SessionSummary(startTime: snapshot.session.startTime, endTime: snapshot.lastLog, logs: snapshot.logs, settings: settings)
    }

    /// Whether the session is quiet at `now`.
    public func hasCome(at now: Date) -> Bool {
        now > date
    }
}
