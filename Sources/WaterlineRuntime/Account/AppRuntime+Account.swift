import Foundation
import WaterlineCore
import WaterlineSync

/// The account inputs: what signing in and choosing whose data this is write on this device, all
/// through the sync engine's account (`SyncRunner.account`), and the person's records through
/// the one door.
extension AppRuntime {
    /// Signed in as `account`: the person exists here (so the pull has someone to merge into), and
    /// their Apple ID is kept with them. Answers whether this device holds another account's
    /// records, which then move nowhere until `accountChosen`.
    func signedIn(as account: UUID, appleUserId: String?) async throws -> Bool {
        let synced = try syncedAccount()
        _ = try await perform(.prepare(nil), from: .screen)
        try await synced.link(appleUserId: appleUserId)
        guard let holder = try await synced.dataAccount() else { return false }
        return holder != account
    }

    /// Whose records these are, chosen for `account`: this device's are sent to it, or removed for
    /// a fresh person whose records come from it. Nothing syncs here; the caller asks for that.
    func accountChosen(_ choice: AccountChoice, for account: UUID) async throws {
        let synced = try syncedAccount()
        if choice == .startClean {
            _ = try await perform(.deleteAllData, from: .screen)
            _ = try await perform(.prepare(nil), from: .screen)
        }
        try await synced.adopt(account, keepingLocalData: choice == .keepThisDevicesData)
    }

    private func syncedAccount() throws(NoSyncedAccount) -> any SyncedAccount {
        guard let account = platform.sync.account else { throw NoSyncedAccount() }
        return account
    }
}

/// Signing in where nothing syncs an account of its own (an extension, the watch, which syncs
/// with its phone): the account screens are not offered there, so this is a caller's mistake.
public struct NoSyncedAccount: Error, LocalizedError {
    public var errorDescription: String? { "This device does not sync an account of its own." }
}
