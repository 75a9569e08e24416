import Foundation

/// What the account screens may do: sign in with Apple, settle whose data this device keeps,
/// sign out, delete the account. The app's `AccountService` carries them out through the one
/// door, so the screens never reach the store.
@MainActor
public protocol AccountActions: AnyObject {
    /// Whether a session token that has not expired is kept.
    func isSignedIn() async -> Bool
    /// The backend account of the kept token, expired or not.
    func currentAccount() async throws -> UUID?
    /// Exchanges Apple's identity token (and the raw nonce whose hash Apple saw) for a session;
    /// Apple's authorization code lets the backend revoke the Sign in with Apple link when the
    /// account is deleted. Returns the account when this device holds another account's data and
    /// the person must choose first (nothing syncs meanwhile); nil when sync went on.
    func signIn(identityToken: String, nonce: String, authorizationCode: String?) async throws -> UUID?
    /// The person's choice for `account`: this device's data goes to it, or is replaced by its own.
    func choose(_ choice: AccountChoice, for account: UUID) async throws
    /// Ends the session token; the data stays on the device.
    func signOut() async throws
    /// Deletes the account on the backend (when signed in), then every local record. Answers
    /// what the backend did about the Sign in with Apple link (nil: signed out, or a backend
    /// that does not say).
    func deleteAccount() async throws -> AppleSignInRevocation?
}
