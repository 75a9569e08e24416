import WaterlineCore

/// The arguments of `sync:push`: records' whole states, at most `Limits.pushBatch`.
public struct PushBatch: Codable, Hashable, Sendable {
    public var changes: [SyncPayload]

    public init(changes: [SyncPayload]) {
        self.changes = changes
    }
}
