import Foundation
import WaterlineCore
import WaterlineAPI

/// A `SessionStore` that also keeps the outbox: every save records a pending change in the
/// same step (local first), and remote versions merge in without creating one.
///
/// The outbox is indexed by record and by queue order, so a local write and the next batch cost
/// the same however many changes wait. Every store gets these from `StoreRules` by implementing
/// `StoreRows`, so no two stores can follow different rules.
public protocol SyncStore: SessionStore {
    /// Pending changes in queue order, failed ones included.
    func pendingChanges() async throws -> [PendingChange]
    /// The first `limit` changes waiting to be sent, in queue order (refused ones left out).
    func nextChanges(limit: Int) async throws -> [PendingChange]
    func outboxCounts() async throws -> OutboxCounts
    /// The backend acknowledged `revision` of the record at `key`.
    func completeChange(_ key: SyncKey, revision: Int) async throws
    /// The backend refused `revision`; it stays, marked failed, and the local data is kept.
    func failChange(_ key: SyncKey, revision: Int, reason: String) async throws
    /// A pushed batch, in one step: taken changes leave the outbox (unless edited meanwhile) and
    /// the versions the backend keeps merge in; refused ones are marked. Returns how many local
    /// records a stored version replaced (the backend kept something newer than this device had).
    @discardableResult
    func settle(_ pushed: [PushedChange]) async throws -> ChangedRecords
    /// Merges a version from the backend by `Stamp.isReplaced(by:)`. Returns whether it replaced
    /// the local one; a replaced local change leaves the outbox.
    @discardableResult
    func applyRemote(_ payload: SyncPayload) async throws -> Bool
    /// A pulled page, in one step with its cursor: merges each change (sessions before their
    /// logs), and says what it could not place yet (logs of a session not seen yet) and how
    /// many local records changed.
    func applyPage(_ changes: [SyncPayload], cursor: SyncCursor) async throws -> AppliedPage
    func syncCursor() async throws -> SyncCursor?
    func saveSyncCursor(_ cursor: SyncCursor?) async throws
    /// Makes refusals that may pass now (`StoreRules.isRetried`) wait to be sent again; returns how many.
    @discardableResult
    func retryRefusals() async throws -> Int
    /// Makes every refused change wait to be sent again (the person asked); returns how many.
    @discardableResult
    func retryEveryRefusal() async throws -> Int
    /// Queues every record kept here to be sent again (this device's data going to a newly
    /// signed-in account); refusals are cleared.
    func requeueAll() async throws
    /// A paired device's pushed records, in one step, each taken in as the backend would
    /// (`StoreRules.acceptFromPeer`): one outcome per change, in order, and how many it wrote.
    func acceptFromPeer(_ changes: [SyncPayload]) async throws -> AcceptedPush
    /// What a paired device pulls after its cursor (`StoreRules.peerChanges`).
    func peerChanges(after sequence: Int, limit: Int, sessionsSince: Date) async throws -> PullPage
}
