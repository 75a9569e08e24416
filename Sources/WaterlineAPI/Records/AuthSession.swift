import Foundation
import WaterlineCore

/// What signing in returns: the backend's own session token and the account it belongs to.
public struct AuthSession: Codable, Hashable, Sendable {
    public var token: String
    public var expiresAt: Date
    public var user: User

    public init(token: String, expiresAt: Date, user: User) {
        self.token = token
        self.expiresAt = expiresAt
        self.user = user
    }
}
