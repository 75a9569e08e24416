import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage
import WaterlineSync

/// The watch's "sign-in" with its phone: the phone's person, as learned at the last contact and
/// kept with the watch's records (its sync cursor). The phone needs no token; knowing the account
/// lets the watch push without asking first, so a push can be queued while the phone is away.
struct PairedPhoneAccount: CredentialStore {
    let store: any SyncStore

    func load() async throws -> StoredCredential? {
        try await store.syncCursor().map { StoredCredential(token: "", expiresAt: .distantFuture, userId: $0.accountId, appleUserId: nil) }
    }

    func save(_ credential: StoredCredential) async throws {}

    func clear() async throws {}
}
