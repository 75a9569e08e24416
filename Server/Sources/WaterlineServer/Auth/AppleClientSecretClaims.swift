import Foundation
import JWTKit

/// The client secret Apple's token and revoke endpoints take: a short-lived ES256 JWT, issued by
/// the team, about the app (its bundle id), for Apple.
struct AppleClientSecretClaims: JWTPayload {
    var iss: String
    var iat: Double
    var exp: Double
    var aud: String
    var sub: String

    func verify(using _: some JWTAlgorithm) throws {}
}
