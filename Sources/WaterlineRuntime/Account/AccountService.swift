import Foundation
import WaterlineCore
import WaterlineSync

/// Signing in, whose data this device keeps, signing out and deleting the account: the account
/// screens' `AccountActions`, on the backend's `AuthClient` and the runtime's one door. What the
/// device keeps of it (the Apple ID with the person, whose records these are) is written by the
/// runtime (`.signedIn`, `.accountChosen`); the sync after goes through the door too.
///
/// The account a device's data belongs to is the one of the store's `SyncCursor`: set by the
/// first sync after signing in, kept across sign-out, cleared with the data. `SyncEngine`
/// refuses to move anything while the signed-in account differs; `choose` settles it.
@MainActor
public final class AccountService: AccountActions {
    private let auth: AuthClient
    private let runtime: AppRuntime

    public init(auth: AuthClient, runtime: AppRuntime) {
        self.auth = auth
        self.runtime = runtime
    }

    public func isSignedIn() async -> Bool {
        await auth.isSignedIn()
    }

    public func currentAccount() async throws -> UUID? {
        try await auth.currentAccount()
    }

    public func signIn(identityToken: String, nonce: String, authorizationCode: String?) async throws -> UUID? {
        let session = try await auth.signIn(identityToken: identityToken, nonce: nonce, authorizationCode: authorizationCode)
        if try await runtime.handle(.signedIn(as: session.user.id, appleUserId: session.user.appleUserId)) { return session.user.id }
        await runtime.handle(.syncNow(.signIn))
        return nil
    }

    public func choose(_ choice: AccountChoice, for account: UUID) async throws {
        try await runtime.handle(.accountChosen(choice, for: account))
        await runtime.handle(.syncNow(.signIn))
    }

    public func signOut() async throws {
        try await auth.signOut()
    }

    public func deleteAccount() async throws -> AppleSignInRevocation? {
        let runtime = runtime
        return try await auth.deleteAccount { @MainActor in try await runtime.send(.deleteAllData) }?.appleSignIn
    }
}
