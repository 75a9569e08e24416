import Foundation

/// What a valid session token says: whose it is, its id, when it was issued and when it expires.
public struct VerifiedToken: Hashable, Sendable {
    public var userId: UUID
    public var id: String
    public var issuedAt: Date
    public var expiresAt: Date
}
