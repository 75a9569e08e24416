import Foundation

/// The signed-in user a request acts for; every query and write is scoped to them.
public struct Caller: Hashable, Sendable {
    public var userId: UUID
    /// The session token the call came with (its `jti` and expiry), for signing out.
    public var token: VerifiedToken?

    public init(userId: UUID, token: VerifiedToken? = nil) {
        self.userId = userId
        self.token = token
    }

    var key: String { userId.uuidString.lowercased() }
}
