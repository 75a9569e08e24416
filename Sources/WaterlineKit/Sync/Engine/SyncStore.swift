/// A `SessionStore` that also keeps the outbox: every save records a pending change in the
/// same step (local first), and remote versions merge in without creating one.
public protocol SyncStore: SessionStore {
    /// Pending changes in queue order, failed ones included.
    func pendingChanges() async throws -> [PendingChange]
    /// The backend acknowledged `revision` of the record at `key`.
    func completeChange(_ key: SyncKey, revision: Int) async throws
    /// The backend refused `revision`; it stays, marked failed, and the local data is kept.
    func failChange(_ key: SyncKey, revision: Int, reason: String) async throws
    /// Merges a version from the backend by `Stamp.isReplaced(by:)`. Returns whether it replaced
    /// the local one; a replaced local change leaves the outbox.
    @discardableResult
    func applyRemote(_ payload: SyncPayload) async throws -> Bool
}
