import Foundation
import WaterlineCore

/// Signing in, whose data this device keeps, signing out and deleting the account: the account
/// screens' `AccountActions`, on the backend's `AuthClient`, the sync engine's account
/// (`SyncedAccount`) and the runtime's one door. It holds no store.
///
/// The account a device's data belongs to is the one of the store's `SyncCursor`: set by the
/// first sync after signing in, kept across sign-out, cleared with the data. `SyncEngine`
/// refuses to move anything while the signed-in account differs; `choose` settles it.
@MainActor
public final class AccountService: AccountActions {
    private let auth: AuthClient
    private let data: any SyncedAccount
    private let actions: any SessionActions
    private let sync: @MainActor () async -> Void

    /// - Parameters:
    ///   - data: the sync engine the runtime runs, which keeps whose records these are;
    ///   - sync: pulls and pushes now (the runtime's `.syncNow(.signIn)` input), after signing in and
    ///     after a choice.
    public init(auth: AuthClient, data: any SyncedAccount, actions: any SessionActions, sync: @escaping @MainActor () async -> Void) {
        self.auth = auth
        self.data = data
        self.actions = actions
        self.sync = sync
    }

    public func isSignedIn() async -> Bool {
        await auth.isSignedIn()
    }

    public func currentAccount() async throws -> UUID? {
        try await auth.currentAccount()
    }

    public func signIn(identityToken: String, nonce: String, authorizationCode: String?) async throws -> UUID? {
        // The person exists on this device first, so the account links to them and the pull
        // has somewhere to merge into.
        try await actions.send(.prepare(nil))
        let session = try await auth.signIn(identityToken: identityToken, nonce: nonce, authorizationCode: authorizationCode)
        try await data.link(appleUserId: session.user.appleUserId)
        if try await needsChoice(signingInAs: session.user.id) { return session.user.id }
        await sync()
        return nil
    }

    public func choose(_ choice: AccountChoice, for account: UUID) async throws {
        try await resolve(choice, for: account)
        await sync()
    }

    public func signOut() async throws {
        try await auth.signOut()
    }

    public func deleteAccount() async throws -> AppleSignInRevocation? {
        try await auth.deleteAccount { @MainActor in try await self.actions.send(.deleteAllData) }?.appleSignIn
    }

    /// Whether signing in as `accountId` needs the person to choose: this device holds data of
    /// another account.
    public func needsChoice(signingInAs accountId: UUID) async throws -> Bool {
        guard let holder = try await data.dataAccount() else { return false }
        return holder != accountId
    }

    /// Applies the choice for `accountId` without syncing (the command line syncs itself after).
    public func resolve(_ choice: AccountChoice, for accountId: UUID) async throws {
        if choice == .startClean {
            try await actions.send(.deleteAllData)
            try await actions.send(.prepare(nil))
        }
        try await data.adopt(accountId, keepingLocalData: choice == .keepThisDevicesData)
    }
}
