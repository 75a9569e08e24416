import WaterlineCore

/// One page of `sync:pull`: changes in the order the backend made them, the cursor to ask
/// with next, and whether more are waiting after it.
///
/// The cursor is the account's change sequence, which only grows (a delete moves a record to
/// the end, as a tombstone); it is not a time, so a clock set back on any device cannot hide a change.
///
/// Decoding reads each change on its own: one this device cannot read (a field of another
/// shape, an id that is not a UUID, a kind it does not know) is set aside and counted in
/// `unreadable`, and the rest of the page is taken, so one poison record cannot stop an account's sync.
public struct PullPage: Codable, Hashable, Sendable {
    public var changes: [SyncPayload]
    public var cursor: Int
    public var hasMore: Bool
    /// Changes of the page that could not be read, left out of `changes` (never encoded).
    public var unreadable: Int

    public init(changes: [SyncPayload], cursor: Int, hasMore: Bool, unreadable: Int = 0) {
        self.changes = changes
        self.cursor = cursor
        self.hasMore = hasMore
        self.unreadable = unreadable
    }

    private enum CodingKeys: String, CodingKey { case changes, cursor, hasMore }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        cursor = try container.decode(Int.self, forKey: .cursor)
        hasMore = try container.decode(Bool.self, forKey: .hasMore)
        var list = try container.nestedUnkeyedContainer(forKey: .changes)
        var changes: [SyncPayload] = []
        var unreadable = 0
        while !list.isAtEnd {
            if let change = try? list.decode(SyncPayload.self) {
                changes.append(change)
            } else {
                // Steps past the element whatever it holds.
                _ = try list.decode(Skipped.self)
                unreadable += 1
            }
        }
        self.changes = changes
        self.unreadable = unreadable
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(changes, forKey: .changes)
        try container.encode(cursor, forKey: .cursor)
        try container.encode(hasMore, forKey: .hasMore)
    }

    /// Any JSON value, read as nothing: what a change that could not be read is stepped past as.
    private struct Skipped: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}
