import CryptoExtras
import Foundation
import JWTKit
@testable import WaterlineServer

/// Stands in for Apple's identity service: RSA signing keys, their JWKS, and identity tokens.
actor FakeApple: JWKSSource {
    struct SigningKey: Sendable {
        let kid: String
        let privateKey: JWTKit.Insecure.RSA.PrivateKey
    }

    /// RSA key generation is slow, so the keys are made once for the whole run.
    static let keyA = makeKey(kid: "apple-key-a")
    static let keyB = makeKey(kid: "apple-key-b")
    static let stranger = makeKey(kid: "apple-key-a")

    private var published: [SigningKey]
    private(set) var fetches = 0
    /// When set, fetching the keys fails with this (an outage, a TLS problem).
    var outage: (any Error)?

    func setOutage(_ error: (any Error)?) {
        outage = error
    }

    /// When set, each fetch of the keys answers only after this long (a slow Apple).
    var slowness: Duration?

    func setSlowness(_ duration: Duration?) {
        slowness = duration
    }

    init(publishing keys: [SigningKey] = [FakeApple.keyA]) {
        published = keys
    }

    /// Apple rotates: a new key appears in the JWKS.
    func publish(_ key: SigningKey) {
        published.append(key)
    }

    func fetchJWKS() async throws -> Data {
        fetches += 1
        if let slowness { try await Task.sleep(for: slowness) }
        if let outage { throw outage }
        let keys = try published.map { key -> [String: String] in
            let primitives = try key.privateKey.publicKey.getKeyPrimitives()
            return [
                "kty": "RSA", "kid": key.kid, "use": "sig", "alg": "RS256",
                "n": primitives.modulus.base64URLEncodedString(), "e": primitives.publicExponent.base64URLEncodedString(),
            ]
        }
        return try JSONSerialization.data(withJSONObject: ["keys": keys])
    }

    /// An identity token as Apple would issue it, with any claim overridden for a test.
    static func identityToken(
        sub: String,
        nonce: String = "raw-nonce",
        audience: String = "com.waterline.app",
        issuer: String = AppleIdentityVerifier.issuer,
        expires: Date = Date().addingTimeInterval(600),
        issued: Date = Date(),
        key: SigningKey = keyA
    ) async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(rsa: key.privateKey, digestAlgorithm: .sha256, kid: JWKIdentifier(string: key.kid))
        let claims = TestAppleClaims(
            iss: issuer, aud: audience, exp: expires.timeIntervalSince1970.rounded(.down), iat: issued.timeIntervalSince1970.rounded(.down),
            sub: sub, nonce: AppleIdentityVerifier.sha256Hex(nonce)
        )
        return try await keys.sign(claims, kid: JWKIdentifier(string: key.kid))
    }

    /// A token with Apple's claims and key id but signed ES256 by someone else's key.
    static func es256Token(sub: String, nonce: String = "raw-nonce") async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: ES256PrivateKey(), kid: JWKIdentifier(string: keyA.kid))
        let now = Date()
        let claims = TestAppleClaims(
            iss: AppleIdentityVerifier.issuer, aud: "com.waterline.app", exp: now.addingTimeInterval(600).timeIntervalSince1970.rounded(.down),
            iat: now.timeIntervalSince1970.rounded(.down), sub: sub, nonce: AppleIdentityVerifier.sha256Hex(nonce)
        )
        return try await keys.sign(claims, kid: JWKIdentifier(string: keyA.kid))
    }

    private static func makeKey(kid: String) -> SigningKey {
        // A test fixture: a failure here means the crypto library itself is broken.
        let backing = try! _RSA.Signing.PrivateKey(keySize: .bits2048)
        return SigningKey(kid: kid, privateKey: try! JWTKit.Insecure.RSA.PrivateKey(backing: backing))
    }
}

struct TestAppleClaims: JWTPayload {
    var iss: String
    var aud: String
    var exp: Double
    var iat: Double
    var sub: String
    var nonce: String

    func verify(using _: some JWTAlgorithm) throws {}
}
