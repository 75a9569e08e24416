/// The queue of pending changes a store keeps beside its records, as a plain value so every
/// store (in memory, SwiftData, SQLite) shares the coalescing rules.
public struct Outbox: Codable, Hashable, Sendable {
    public private(set) var changes: [SyncKey: PendingChange] = [:]
    private var nextSequence = 1

    public init() {}

    /// An outbox rebuilt from stored rows (a store that keeps one row per pending change).
    public init(changes: [PendingChange]) {
        for change in changes { self.changes[change.id] = change }
        nextSequence = (changes.map(\.sequence).max() ?? 0) + 1
    }

    /// Records that `payload` is the latest local state of its record.
    public mutating func enqueue(_ payload: SyncPayload) {
        if var existing = changes[payload.key] {
            existing.payload = payload
            existing.revision += 1
            existing.failure = nil
            changes[payload.key] = existing
        } else {
            changes[payload.key] = PendingChange(payload: payload, sequence: nextSequence)
            nextSequence += 1
        }
    }

    /// Pending changes in queue order, failed ones included.
    public var ordered: [PendingChange] {
        changes.values.sorted { $0.sequence < $1.sequence }
    }

    /// The first `limit` changes waiting to be sent, in queue order (refused ones left out).
    public func next(limit: Int) -> [PendingChange] {
        Array(changes.values.filter { !$0.isFailed }.sorted { $0.sequence < $1.sequence }.prefix(limit))
    }

    public var counts: OutboxCounts {
        let failed = changes.values.count { $0.isFailed }
        return OutboxCounts(pending: changes.count - failed, failed: failed)
    }

    /// Settles a pushed batch: see `SyncStore.settle(_:)`. The stored versions are merged by the
    /// store, which then calls `discard` for those that replaced the local record.
    public mutating func settle(_ pushed: [PushedChange]) {
        for change in pushed {
            if let failure = change.failure {
                fail(change.key, revision: change.revision, reason: failure)
            } else {
                complete(change.key, revision: change.revision)
            }
        }
    }

    /// The backend has this revision: drop it unless a newer edit came in meanwhile.
    public mutating func complete(_ key: SyncKey, revision: Int) {
        if changes[key]?.revision == revision { changes[key] = nil }
    }

    /// The backend refused this revision; keep it, marked, until the record changes again.
    public mutating func fail(_ key: SyncKey, revision: Int, reason: String) {
        if changes[key]?.revision == revision { changes[key]?.failure = reason }
    }

    /// A newer remote version replaced the local one, so there is nothing left to push.
    public mutating func discard(_ key: SyncKey) {
        changes[key] = nil
    }

    public mutating func removeAll() {
        changes = [:]
    }
}
