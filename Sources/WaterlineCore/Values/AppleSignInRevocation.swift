/// What an account deletion did about the person's Sign in with Apple link to the app (App
/// Review 5.1.1(v): deleting the account revokes it).
public enum AppleSignInRevocation: String, Codable, Hashable, Sendable, CaseIterable {
    /// The Apple refresh token kept at sign-in is being revoked with Apple (the deletion does not
    /// wait for Apple's answer).
    case requested
    /// The backend has no Sign in with Apple key configured, so it cannot ask Apple: the person
    /// removes the link in their Apple Account settings.
    case notConfigured = "not_configured"
    /// The backend has a key but no Apple token for this account (it signed in before the app
    /// sent the authorization code, or Apple refused the exchange).
    case noToken = "no_token"

    /// Whether the person has to end the link themselves.
    public var needsThePerson: Bool { self != .requested }
}
