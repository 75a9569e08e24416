import WaterlineCore
import WaterlineAPI

/// A local change the backend has not acknowledged yet: the record's latest state.
///
/// Several changes to one record coalesce into one entry that keeps its first place in the
/// queue (a session is pushed before its logs) and bumps its `revision`, so an acknowledgement
/// for an older revision does not drop a newer edit.
public struct PendingChange: Codable, Hashable, Sendable, Identifiable {
    public var payload: SyncPayload
    /// Queue order: when the record first became pending.
    public var sequence: Int
    public var revision: Int
    /// Why the backend refused it (a validation error); a failed change waits for a new edit.
    public var failure: String?

    public init(payload: SyncPayload, sequence: Int, revision: Int = 1, failure: String? = nil) {
        self.payload = payload
        self.sequence = sequence
        self.revision = revision
        self.failure = failure
    }

    public var id: SyncKey { payload.key }
    public var isFailed: Bool { failure != nil }
}
