import Foundation

/// The signed-in user a request acts for; every query and write is scoped to them.
public struct Caller: Hashable, Sendable {
    public let userId: UUID
    /// The session token the call came with (its `jti` and expiry), for signing out.
    public let token: VerifiedToken?
    /// `userId` as rows store it (worked out once: every statement of a call binds it).
    let key: String

    public init(userId: UUID, token: VerifiedToken? = nil) {
        self.userId = userId
        self.token = token
        key = userId.key
    }
}
