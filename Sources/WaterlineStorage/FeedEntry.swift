import WaterlineAPI

/// One record's place in a store's change feed: the sequence of its latest write here. The feed
/// keeps one entry per record, so it grows with the records kept, not with the writes made.
public struct FeedEntry: Codable, Hashable, Sendable {
    public var key: SyncKey
    public var sequence: Int

    public init(key: SyncKey, sequence: Int) {
        self.key = key
        self.sequence = sequence
    }
}
