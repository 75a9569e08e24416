import WaterlineCore

/// What `auth:signOut` answers.
public struct SignedOut: Codable, Hashable, Sendable {
    public var revoked: Bool

    public init(revoked: Bool) {
        self.revoked = revoked
    }
}
