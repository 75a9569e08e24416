import Foundation
import SQLKit

extension WaterlineRepository {
    /// Keeps the account's Apple refresh token (`AppleAccountLink`); a later sign-in's replaces it.
    public func keepAppleRefreshToken(_ token: String, for userId: UUID) async throws {
        try await sql.raw("UPDATE users SET apple_refresh_token = \(bind: token) WHERE id = \(bind: key(userId))").run()
    }

    /// The account's kept Apple refresh token, if any.
    public func appleRefreshToken(for userId: UUID) async throws -> String? {
        try await sql.raw("SELECT apple_refresh_token FROM users WHERE id = \(bind: key(userId))").first()?
            .decode(column: "apple_refresh_token", as: String?.self)
    }
}
