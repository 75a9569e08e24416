import Foundation

/// The deployer's Sign in with Apple key, from the Apple Developer account: what the server
/// signs its client secret with to exchange authorization codes and revoke tokens at Apple.
public struct AppleSignInKey: Sendable {
    /// The Apple Developer team id (10 characters).
    public var teamId: String
    /// The key's id (10 characters), shown beside it in Certificates, Identifiers & Profiles.
    public var keyId: String
    /// The key's `.p8` file: a PEM PKCS#8 P-256 private key.
    public var privateKeyPEM: String

    public init(teamId: String, keyId: String, privateKeyPEM: String) {
        self.teamId = teamId
        self.keyId = keyId
        self.privateKeyPEM = privateKeyPEM
    }
}
