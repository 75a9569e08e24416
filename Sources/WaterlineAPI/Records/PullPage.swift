import WaterlineCore

/// One page of `sync:pull`: changes in the order the backend made them, the cursor to ask
/// with next, and whether more are waiting after it.
///
/// The cursor is the account's change sequence, which only grows (a delete moves a record to
/// the end, as a tombstone); it is not a time, so a clock set back on any device cannot hide a change.
public struct PullPage: Codable, Hashable, Sendable {
    public var changes: [SyncPayload]
    public var cursor: Int
    public var hasMore: Bool

    public init(changes: [SyncPayload], cursor: Int, hasMore: Bool) {
        self.changes = changes
        self.cursor = cursor
        self.hasMore = hasMore
    }
}
