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

    public init(key: SyncKey, revision: Int, stored: SyncPayload? = nil, failure: String? = nil) {
        self.key = key
        self.revision = revision
        self.stored = stored
        self.failure = failure
    }
}
