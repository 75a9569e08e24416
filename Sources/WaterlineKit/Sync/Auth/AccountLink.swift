import Foundation

/// Which account this device's data belongs to, and the choice asked for when that changes.
///
/// The account is the one of the store's `SyncCursor`: set by the first sync after signing in,
/// kept across sign-out, cleared with the data. `SyncEngine` refuses to move anything while the
/// signed-in account differs (`SyncStatus.Phase.accountChoice`); `resolve` settles it.
public struct AccountLink: Sendable {
    private let store: any SyncStore
    private let service: SessionService

    public init(store: any SyncStore, service: SessionService) {
        self.store = store
        self.service = service
    }

    /// Whether signing in as `accountId` needs the person to choose: this device holds data
    /// of another account.
    public func needsChoice(signingInAs accountId: UUID) async throws -> Bool {
        guard let cursor = try await store.syncCursor() else { return false }
        return cursor.accountId != accountId
    }

    /// Applies the person's choice for `accountId`. Returns the effects of starting clean (a
    /// running night's reminders and Live Activity end); a sync afterwards moves the data.
    public func resolve(_ choice: AccountChoice, for accountId: UUID) async throws -> [SessionEffect] {
        var effects: [SessionEffect] = []
        switch choice {
        case .keepThisDevicesData:
            try await store.requeueAll()
        case .startClean:
            effects = try await service.deleteAllData()
            _ = try await service.prepare()
        }
        try await store.saveSyncCursor(SyncCursor(accountId: accountId, position: nil))
        return effects
    }
}
