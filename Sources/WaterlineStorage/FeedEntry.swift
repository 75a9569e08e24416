import WaterlineAPI

/// One record's place in a store's change feed: the sequence of its latest write here. The feed
/// keeps one entry per record, so it grows with the records kept, not with the writes made.
public struct FeedEntry: Codable, Hashable, Sendable {
    public var key: SyncKey
    public var sequence: Int
    /// The record here is exactly what the paired device pushed: it has it, and its pull passes
    /// over it rather than bring its own change back.
    public var fromPeer: Bool

    public init(key: SyncKey, sequence: Int, fromPeer: Bool = false) {
        self.key = key
        self.sequence = sequence
        self.fromPeer = fromPeer
    }
}
