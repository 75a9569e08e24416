import Foundation
import JWTKit

/// The claims of the server's own session token.
struct SessionTokenClaims: JWTPayload {
    var sub: String
    var iss: String
    var aud: String
    var iat: Double
    var exp: Double

    func verify(using _: some JWTAlgorithm) throws {}
}
