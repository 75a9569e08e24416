import Foundation
import WaterlineCore
import WaterlineStorage

extension SyncEngine: SyncedAccount {
    /// The engine keeps whose records these are itself.
    public nonisolated var account: (any SyncedAccount)? { self }

    public func dataAccount() async throws -> UUID? {
        try await store.syncCursor()?.accountId
    }

    public func adopt(_ account: UUID, keepingLocalData: Bool) async throws {
        if keepingLocalData { try await store.requeueAll() }
        try await store.saveSyncCursor(SyncCursor(accountId: account, position: nil))
    }

    public func link(appleUserId: String?) async throws {
        guard var local = try await store.user(), local.appleUserId != appleUserId else { return }
        local.appleUserId = appleUserId
        try await store.saveUser(local)
    }
}
