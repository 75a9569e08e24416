import Foundation
import JWTKit

/// The claims of the server's own session token.
struct SessionTokenClaims: JWTPayload {
    var sub: String
    var iss: String
    var aud: String
    var iat: Double
    var exp: Double
    /// The token's own id, so one token can be revoked (sign-out) without touching the others.
    var jti: String

    func verify(using _: some JWTAlgorithm) throws {}
}
