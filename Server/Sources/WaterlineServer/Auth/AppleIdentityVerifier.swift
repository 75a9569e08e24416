import Crypto
import WaterlineCore
import Foundation
import Logging
import JWTKit

/// Verifies Sign in with Apple identity tokens: algorithm (RS256, as Apple signs), signature
/// against Apple's JWKS, issuer, audience, expiry, issue time, nonce.
///
/// The JWKS is cached for `cacheLifetime` and fetched again when a token names a key id it does
/// not know (at most once per `minimumRefreshInterval`). Concurrent sign-ins share one fetch, and
/// a failed fetch is not retried for `failureBackoff`: an outage at Apple, or a flood of sign-ins
/// while it lasts, costs one request to Apple per backoff, not one per sign-in. Keys already held
/// are kept in use when a refresh fails.
public actor AppleIdentityVerifier {
    public static let issuer = "https://appleid.apple.com"
    /// The only algorithm Apple signs identity tokens with; a token naming another is refused
    /// before any key is looked at.
    static let algorithm = "RS256"
    /// How far in the future an `iat` may be (clock skew between Apple and this server).
    static let futureAllowance: TimeInterval = 60

    private let audience: String
    private let source: any JWKSSource
    private let now: @Sendable () -> Date
    private let cacheLifetime: TimeInterval
    private let minimumRefreshInterval: TimeInterval
    private let failureBackoff: TimeInterval
    /// Where a failed fetch is said: buffered (`BufferedLogHandler`), so a sign-in never waits on
    /// a log write, even with standard error a pipe nobody reads.
    private let logger: Logger
    private var keys: JWTKeyCollection?
    private var knownKeyIds: Set<String> = []
    private var fetchedAt: Date?
    /// When the last fetch was tried, and whether it failed.
    private var attemptedAt: Date?
    private var lastAttemptFailed = false
    /// The fetch under way, which every caller that needs keys meanwhile waits for.
    private var inFlight: Task<Void, any Error>?
    /// How many times the JWKS was fetched, for tests and logs.
    public private(set) var fetchCount = 0
    /// How many callers waited for a fetch another had started, for tests.
    private(set) var fetchJoins = 0

    public init(
        audience: String,
        source: any JWKSSource,
        now: @escaping @Sendable () -> Date = { Date() },
        cacheLifetime: TimeInterval = 24 * 3600,
        minimumRefreshInterval: TimeInterval = 60,
        failureBackoff: TimeInterval = 10,
        logger: Logger = Logger(label: "waterline-server.apple") { BufferedLogHandler(label: $0) }
    ) {
        self.logger = logger
        self.audience = audience
        self.source = source
        self.now = now
        self.cacheLifetime = cacheLifetime
        self.minimumRefreshInterval = minimumRefreshInterval
        self.failureBackoff = failureBackoff
    }

    /// What a valid Apple identity token proves: who, and the nonce that may be used once, until
    /// the token expires; and when Apple issued it.
    public struct Verified: Sendable, Hashable {
        public var sub: String
        public var nonce: String
        public var issuedAt: Date
        public var expiresAt: Date
    }

    /// The Apple `sub` of a valid token whose nonce claim is the SHA-256 (hex) of `nonce`.
    public func verify(identityToken: String, nonce: String) async throws -> Verified {
        guard !nonce.isEmpty else { throw FunctionError(.invalidArgument, "nonce is required") }
        // Bounded before anything is parsed, hashed or stored (as convex/auth.ts).
        guard nonce.count <= Limits.appleNonce else { throw FunctionError(.invalidArgument, "nonce: at most \(Limits.appleNonce) characters") }
        guard identityToken.utf8.count <= Limits.appleIdentityToken else {
            throw FunctionError(.invalidArgument, "identityToken: at most \(Limits.appleIdentityToken) characters")
        }
        let header = try Self.header(of: identityToken)
        guard header.alg == Self.algorithm else {
            throw FunctionError(.unauthenticated, "the identity token must be signed with \(Self.algorithm), as Apple signs it")
        }
        let kid = header.kid
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
        guard claims.iat <= now().addingTimeInterval(Self.futureAllowance) else {
            throw FunctionError(.unauthenticated, "the Apple identity token was issued in the future; check the server's clock")
        }
        guard let claimed = claims.nonce, claimed == Self.sha256Hex(nonce) else {
            throw FunctionError(.unauthenticated, "the identity token's nonce does not match")
        }
        guard !claims.sub.isEmpty else { throw FunctionError(.unauthenticated, "the identity token has no subject") }
        return Verified(sub: claims.sub, nonce: claimed, issuedAt: claims.iat, expiresAt: claims.exp)
    }

    /// The hex SHA-256 the app puts in Apple's request for a raw nonce.
    public static func sha256Hex(_ value: String) -> String {
        SHA256.hash(data: Data(value.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    private func keys(for kid: String) async throws -> JWTKeyCollection {
        let time = now()
        let stale = fetchedAt.map { time.timeIntervalSince($0) > cacheLifetime } ?? true
        let unknown = !knownKeyIds.contains(kid)
        if let keys, !unknown, stale {
            // The keys held still verify what they verified yesterday: the sign-in does not wait
            // for Apple. The refresh goes on beside it (one at a time, as ever), so a slow or
            // silent Apple holds no sign-in whose key is known.
            let sinceAttempt = attemptedAt.map { time.timeIntervalSince($0) } ?? .infinity
            if inFlight == nil, sinceAttempt >= (lastAttemptFailed ? failureBackoff : 0) {
                Task { try? await self.refreshOnce() }
            }
            return keys
        }
        if keys == nil || stale || unknown {
            // A failed fetch is not tried again for `failureBackoff`; after one that worked, an
            // unknown key id fetches again at most once per `minimumRefreshInterval`.
            let sinceAttempt = attemptedAt.map { time.timeIntervalSince($0) } ?? .infinity
            let wait = lastAttemptFailed ? failureBackoff : (keys == nil || stale ? 0 : minimumRefreshInterval)
            if inFlight != nil || sinceAttempt >= wait {
                do {
                    try await refreshOnce()
                } catch {
                    // Keys already held still verify what they verified yesterday.
                    guard let keys, knownKeyIds.contains(kid) else { throw error }
                    return keys
                }
            } else if lastAttemptFailed, keys == nil || !knownKeyIds.contains(kid) {
                throw Self.unavailable
            }
        }
        guard let keys, knownKeyIds.contains(kid) else {
            throw FunctionError(.unauthenticated, "the identity token is signed with an unknown key")
        }
        return keys
    }

    private static let unavailable = FunctionError(.internal, "Apple's signing keys could not be fetched; try again shortly")

    /// Fetches the keys, or waits for the fetch already under way.
    private func refreshOnce() async throws {
        if let inFlight {
            fetchJoins += 1
            return try await inFlight.value
        }
        attemptedAt = now()
        let task = Task { try await self.refresh() }
        inFlight = task
        defer { inFlight = nil }
        do {
            try await task.value
            lastAttemptFailed = false
        } catch {
            lastAttemptFailed = true
            throw error
        }
    }

    private func refresh() async throws {
        let data: Data
        do {
            data = try await source.fetchJWKS()
        } catch {
            // The reason (addresses, TLS detail) is for the operator's log, not for anonymous callers.
            logger.error("Apple's signing keys could not be fetched", metadata: ["error": "\(error)"])
            throw Self.unavailable
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

    /// The header fields a token is checked by before its signature: key id and algorithm.
    static func header(of token: String) throws -> (kid: String, alg: String) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let header = Data(base64URLEncoded: String(parts[0])),
              let object = try? JSONSerialization.jsonObject(with: header) as? [String: Any],
              let kid = object["kid"] as? String
        else {
            throw FunctionError(.unauthenticated, "the identity token is not a signed JWT with a key id")
        }
        return (kid, object["alg"] as? String ?? "")
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
