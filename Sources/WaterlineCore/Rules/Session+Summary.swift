import Foundation

/// The one rule for a session's stored summary: made when the session ends (now, at its last log, or
/// forgotten), and made again whenever its logs change afterwards (an edit or delete here, a log
/// that arrived by sync or from the watch), scored by the N it was paced by.
extension Session {
    /// This session ended at `end`, stamped `stamp`, with the summary of `logs`, paced by `settings`' N.
    public func ended(at end: Date, stamp: Date, logs: [LogEntry], settings: UserSettings) -> Session {
        var ended = self
        ended.isActive = false
        ended.endTime = end
        ended.updatedAt = stamp
        ended.computedSummary = SessionSummary(startTime: self.startTime, endTime: end, logs: logs, settings: settings)
        return ended
    }

    /// The summary an ended session's `logs` make now, paced by the N it kept (else `settings`' N);
    /// nil for a session still running, or deleted, which keeps no summary.
    public func revisedSummary(logs: [LogEntry], settings: UserSettings) -> SessionSummary? {
        guard !self.isActive, self.deletedAt == nil, let endTime = self.endTime else { return nil }
        var paced = settings
        if let n = self.computedSummary?.waterEveryNDrinks { paced.waterEveryNDrinks = n }
        return SessionSummary(startTime: self.startTime, endTime: endTime, logs: logs, settings: paced)
    }
}
