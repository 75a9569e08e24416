import Foundation

/// What a valid session token says: whose it is, its id and when it expires.
public struct VerifiedToken: Hashable, Sendable {
    public var userId: UUID
    public var id: String
    public var expiresAt: Date
}
