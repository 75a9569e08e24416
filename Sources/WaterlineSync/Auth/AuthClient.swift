import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage

/// Signs in with Apple through the backend, keeps the session token, signs out, deletes the account.
public struct AuthClient: Sendable {
    private let client: ConvexClient
    private let credentials: any CredentialStore
    private let now: @Sendable () -> Date

    /// - Parameter client: a client whose token closure reads `credentials`.
    public init(client: ConvexClient, credentials: any CredentialStore, now: @escaping @Sendable () -> Date = { Date() }) {
        self.client = client
        self.credentials = credentials
        self.now = now
    }

    /// Exchanges an Apple identity token (and the raw nonce whose SHA-256 the app gave Apple)
    /// for a session token, keeps it, and links the local person to the Apple account. Apple's
    /// authorization code goes along, for the backend to revoke the link with the account.
    @discardableResult
    public func signIn(identityToken: String, nonce: String, authorizationCode: String? = nil) async throws -> AuthSession {
        let session = try await client.call(
            Auth.SignInWithApple.self, .init(identityToken: identityToken, nonce: nonce, authorizationCode: authorizationCode)
        )
        try await credentials.save(StoredCredential(
            token: session.token, expiresAt: session.expiresAt, userId: session.user.id, appleUserId: session.user.appleUserId
        ))
        return session
    }

    /// The backend user of the kept session token, expired or not.
    public func currentAccount() async throws -> UUID? {
        try await credentials.load()?.userId
    }

    /// Whether a session token that has not expired is kept.
    public func isSignedIn() async -> Bool {
        await credentials.validToken(at: now()) != nil
    }

    /// Ends the session token on the backend (when it can be reached) and forgets it here; the
    /// data stays on the device. Offline, the token is still forgotten: it expires on its own.
    public func signOut() async throws {
        if await isSignedIn() { _ = try? await client.call(Auth.SignOut.self) }
        try await credentials.clear()
    }

    /// Deletes the account on the backend (when this device ever signed in), then every local
    /// record (`wipe`), then the token, and answers what the backend said (nil when it never
    /// signed in). If the backend cannot be reached, or no longer accepts the kept sign-in
    /// (expired, or ended elsewhere: `AccountDeletionError.signInExpired`), nothing is deleted, so
    /// the account never stays on the server while its copy here goes; the person signs in again
    /// and tries again.
    @discardableResult
    public func deleteAccount(thenWipe wipe: @Sendable () async throws -> Void) async throws -> DeletedAccount? {
        var deleted: DeletedAccount?
        if let kept = try await credentials.load() {
            guard kept.expiresAt > now() else { throw AccountDeletionError.signInExpired }
            let answer: DeletedAccount
            do {
                answer = try await client.call(Users.DeleteAccount.self)
            } catch {
                if error.code == .unauthenticated { throw AccountDeletionError.signInExpired }
                throw error
            }
            deleted = answer
        }
        try await wipe()
        try await credentials.clear()
        return deleted
    }
}
