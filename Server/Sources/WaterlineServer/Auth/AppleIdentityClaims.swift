import Foundation
import JWTKit

/// The claims of an Apple identity token that sign-in checks. Decoding verifies only the
/// signature; the claims are checked by `AppleIdentityVerifier` against its own clock.
struct AppleIdentityClaims: JWTPayload {
    var iss: String
    var aud: AudienceClaim
    var exp: Date
    /// When Apple issued it: always present in Apple's tokens.
    var iat: Date
    var sub: String
    var nonce: String?

    private enum CodingKeys: String, CodingKey { case iss, aud, exp, iat, sub, nonce }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        iss = try container.decode(String.self, forKey: .iss)
        aud = try container.decode(AudienceClaim.self, forKey: .aud)
        exp = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .exp))
        iat = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .iat))
        sub = try container.decode(String.self, forKey: .sub)
        nonce = try container.decodeIfPresent(String.self, forKey: .nonce)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(iss, forKey: .iss)
        try container.encode(aud, forKey: .aud)
        try container.encode(exp.timeIntervalSince1970.rounded(.down), forKey: .exp)
        try container.encode(iat.timeIntervalSince1970.rounded(.down), forKey: .iat)
        try container.encode(sub, forKey: .sub)
        try container.encodeIfPresent(nonce, forKey: .nonce)
    }

    func verify(using _: some JWTAlgorithm) throws {}
}
