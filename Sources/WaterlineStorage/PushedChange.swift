import WaterlineCore
import WaterlineAPI

/// What the backend said of one pushed change, for the store to settle in the same step as
/// the others of its batch.
public struct PushedChange: Hashable, Sendable {
    public var key: SyncKey
    /// The revision that was sent: a newer local edit made meanwhile stays pending.
    public var revision: Int
    /// The version the backend keeps (nil for a change that needed no sending).
    public var stored: SyncPayload?
    /// Why it was refused; nil when it was taken.
    public var failure: String?
    /// What was sent, when the caller still has it: a version kept exactly as sent need not be
    /// compared with the record here.
    public var sent: SyncPayload?

    public init(key: SyncKey, revision: Int, stored: SyncPayload? = nil, failure: String? = nil, sent: SyncPayload? = nil) {
        self.key = key
        self.revision = revision
        self.stored = stored
        self.failure = failure
        self.sent = sent
    }
}
