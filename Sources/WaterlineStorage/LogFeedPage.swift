import WaterlineCore

/// Logs whose latest write came after a cursor in the store's change feed, as they stand now
/// (tombstones included), and the cursor after them: what follows the feed one log at a time
/// (Apple Health's writer) reads.
public struct LogFeedPage: Hashable, Sendable {
    public var logs: [LogEntry]
    /// The last feed entry read (passed the other records' entries too); the start cursor when
    /// nothing came after it.
    public var cursor: Int

    public init(logs: [LogEntry], cursor: Int) {
        self.logs = logs
        self.cursor = cursor
    }
}
