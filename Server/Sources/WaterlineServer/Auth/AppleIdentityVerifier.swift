import Crypto
import Foundation
import Logging
import JWTKit

/// Verifies Sign in with Apple identity tokens: signature against Apple's JWKS (cached, and
/// fetched again when a token names a key id it does not know), issuer, audience, expiry, nonce.
public actor AppleIdentityVerifier {
    public static let issuer = "https://appleid.apple.com"

    private let audience: String
    private let source: any JWKSSource
    private let now: @Sendable () -> Date
    private let cacheLifetime: TimeInterval
    private let minimumRefreshInterval: TimeInterval
    private var keys: JWTKeyCollection?
    private var knownKeyIds: Set<String> = []
    private var fetchedAt: Date?
    /// How many times the JWKS was fetched, for tests and logs.
    public private(set) var fetchCount = 0

    public init(
        audience: String,
        source: any JWKSSource,
        now: @escaping @Sendable () -> Date = { Date() },
        cacheLifetime: TimeInterval = 24 * 3600,
        minimumRefreshInterval: TimeInterval = 60
    ) {
        self.audience = audience
        self.source = source
        self.now = now
        self.cacheLifetime = cacheLifetime
        self.minimumRefreshInterval = minimumRefreshInterval
    }

    /// What a valid Apple identity token proves: who, and the nonce that may be used once, until the token expires.
    public struct Verified: Sendable, Hashable {
        public var sub: String
        public var nonce: String
        public var expiresAt: Date
    }

    /// The Apple `sub` of a valid token whose nonce claim is the SHA-256 (hex) of `nonce`.
    public func verify(identityToken: String, nonce: String) async throws -> Verified {
        guard !nonce.isEmpty else { throw FunctionError(.invalidArgument, "nonce is required") }
        let kid = try Self.keyId(of: identityToken)
        let keys = try await keys(for: kid)
        let claims: AppleIdentityClaims
        do {
            claims = try await keys.verify(identityToken, as: AppleIdentityClaims.self)
        } catch {
            throw FunctionError(.unauthenticated, "the Apple identity token's signature is not valid")
        }
        guard claims.iss == Self.issuer else { throw FunctionError(.unauthenticated, "the identity token was not issued by Apple") }
        guard claims.aud.value.contains(audience) else { throw FunctionError(.unauthenticated, "the identity token is for another app") }
        guard claims.exp > now() else { throw FunctionError(.unauthenticated, "the Apple identity token has expired; sign in again") }
        guard let claimed = claims.nonce, claimed == Self.sha256Hex(nonce) else {
            throw FunctionError(.unauthenticated, "the identity token's nonce does not match")
        }
        guard !claims.sub.isEmpty else { throw FunctionError(.unauthenticated, "the identity token has no subject") }
        return Verified(sub: claims.sub, nonce: claimed, expiresAt: claims.exp)
    }

    /// The hex SHA-256 the app puts in Apple's request for a raw nonce.
    public static func sha256Hex(_ value: String) -> String {
        SHA256.hash(data: Data(value.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    private func keys(for kid: String) async throws -> JWTKeyCollection {
        let stale = fetchedAt.map { now().timeIntervalSince($0) > cacheLifetime } ?? true
        let unknown = !knownKeyIds.contains(kid)
        let mayRefetch = fetchedAt.map { now().timeIntervalSince($0) >= minimumRefreshInterval } ?? true
        if keys == nil || stale || (unknown && mayRefetch) {
            try await refresh()
        }
        guard let keys, knownKeyIds.contains(kid) else {
            throw FunctionError(.unauthenticated, "the identity token is signed with an unknown key")
        }
        return keys
    }

    private func refresh() async throws {
        let data: Data
        do {
            data = try await source.fetchJWKS()
        } catch {
            // The reason (addresses, TLS detail) is for the operator's log, not for anonymous callers.
            Logger(label: "waterline-server.apple").error("Apple's signing keys could not be fetched", metadata: ["error": "\(error)"])
            throw FunctionError(.internal, "Apple's signing keys could not be fetched; try again shortly")
        }
        fetchCount += 1
        let jwks: JWKS
        do {
            jwks = try JSONDecoder().decode(JWKS.self, from: data)
        } catch {
            throw FunctionError(.internal, "Apple's signing keys are not a JWKS document")
        }
        let collection = JWTKeyCollection()
        try await collection.add(jwks: jwks)
        keys = collection
        knownKeyIds = Set(jwks.keys.compactMap { $0.keyIdentifier?.string })
        fetchedAt = now()
    }

    static func keyId(of token: String) throws -> String {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let header = Data(base64URLEncoded: String(parts[0])),
              let object = try? JSONSerialization.jsonObject(with: header) as? [String: Any],
              let kid = object["kid"] as? String
        else {
            throw FunctionError(.unauthenticated, "the identity token is not a signed JWT with a key id")
        }
        return kid
    }
}

extension Data {
    /// Decodes base64url without padding, as JWTs use it.
    init?(base64URLEncoded string: String) {
        var base64 = string.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        self.init(base64Encoded: base64)
    }

    /// Encodes as base64url without padding.
    func base64URLEncodedString() -> String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
