import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage

/// The backend session token kept on the device after signing in.
public struct StoredCredential: Codable, Hashable, Sendable {
    public var token: String
    public var expiresAt: Date
    public var userId: UUID
    public var appleUserId: String?

    public init(token: String, expiresAt: Date, userId: UUID, appleUserId: String?) {
        self.token = token
        self.expiresAt = expiresAt
        self.userId = userId
        self.appleUserId = appleUserId
    }
}
