import Crypto
import Foundation
import JWTKit

/// Issues and checks the ES256 session tokens the server hands out after Apple sign-in.
public struct SessionTokens: Sendable {
    public static let audience = "waterline"
    static let keyId = "waterline-session-1"

    private let keys: JWTKeyCollection
    private let publicKey: ES256PublicKey
    private let issuer: String
    private let lifetime: TimeInterval
    private let now: @Sendable () -> Date
    private let cache = VerifiedTokenCache()
    /// Tags each token id this server makes (`tagged`), derived from the signing key so it
    /// survives restarts and needs no storage of its own.
    private let idKey: SymmetricKey
    /// Accounts with tokens from this server (`KnownAccounts`): loaded at start, added to as tokens are issued.
    let accounts = KnownAccounts()

    public init(privateKeyPEM: String, issuer: String, lifetime: TimeInterval, now: @escaping @Sendable () -> Date = { Date() }) async throws {
        let key = try ES256PrivateKey(pem: privateKeyPEM)
        keys = JWTKeyCollection()
        await keys.add(ecdsa: key, kid: JWKIdentifier(string: Self.keyId))
        publicKey = key.publicKey
        idKey = SymmetricKey(data: SHA256.hash(data: Data("waterline session token ids\n".utf8) + Data(privateKeyPEM.utf8)))
        self.issuer = issuer
        self.lifetime = lifetime
        self.now = now
    }

    /// A token for `userId` and when it expires (see `ServerContext.issueToken`, which also
    /// keeps its fingerprint).
    public func issue(for userId: UUID) async throws -> (token: String, expiresAt: Date) {
        let issued = try await issueWithId(for: userId)
        return (issued.token, issued.expiresAt)
    }

    /// A token for `userId`, its id and when it expires.
    func issueWithId(for userId: UUID) async throws -> (token: String, id: String, expiresAt: Date) {
        let issuedAt = now()
        let expiresAt = issuedAt.addingTimeInterval(lifetime)
        let claims = SessionTokenClaims(
            sub: userId.key, iss: issuer, aud: Self.audience,
            iat: issuedAt.timeIntervalSince1970.rounded(.down), exp: expiresAt.timeIntervalSince1970.rounded(.down),
            jti: tagged(UUID().key)
        )
        let token = try await keys.sign(claims, kid: JWKIdentifier(string: Self.keyId))
        accounts.insert(userId)
        return (token, claims.jti, Date(timeIntervalSince1970: claims.exp))
    }

    /// What identifies one token's exact text, kept for each token issued (`issued_tokens`): a
    /// copy of its id with any other signature is told apart without checking the signature.
    static func fingerprint(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    /// Whose a token is; throws UNAUTHENTICATED for a forged, foreign, expired or over-long one.
    /// (Revocation is the database's to say: see `WaterlineRepository.isValid`.)
    public func verify(_ token: String) async throws -> VerifiedToken {
        let time = now()
        if let known = cache.lookup(token, at: time) { return known }
        cache.noteMiss()
        let verified = try await verifySignatureAndClaims(token)
        cache.remember(token, as: verified, at: time)
        return verified
    }

    /// What `token` says, when it was verified before and is still unexpired (using it costs a
    /// lookup, not a signature check); nil when `verify` would have to check its signature.
    public func verified(_ token: String) -> VerifiedToken? {
        cache.lookup(token, at: now())
    }

    /// The known account a token claims to be for, read without checking its signature (the
    /// payload's `sub`), with its id when the id carries this server's tag: nil for a token that
    /// names no account, or one this server does not know.
    func claimedKnownAccount(_ token: String) -> TokenClaim? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].utf8.count <= 2_048,
              let payload = Data(base64URLEncoded: String(parts[1])),
              let object = try? JSONSerialization.jsonObject(with: payload) as? [String: Any],
              let sub = object["sub"] as? String, let id = UUID(uuidString: sub), accounts.contains(id)
        else { return nil }
        let jti = object["jti"] as? String
        return TokenClaim(account: id, issuedId: jti.flatMap { isTagged($0) ? $0 : nil })
    }

    /// `id` with this server's tag: `<id>.<first 16 bytes of HMAC-SHA256(idKey, id), base64url>`.
    func tagged(_ id: String) -> String {
        "\(id).\(tag(id))"
    }

    /// Whether `jti` is an id this server made (`tagged`). Tokens from before tags read as not.
    func isTagged(_ jti: String) -> Bool {
        let parts = jti.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count <= 64 else { return false }
        return tag(String(parts[0])) == parts[1]
    }

    private func tag(_ id: String) -> String {
        Data(HMAC<SHA256>.authenticationCode(for: Data(id.utf8), using: idKey)).prefix(16).base64URLEncodedString()
    }

    /// Signature checks made so far (cache misses), for tests.
    public var signatureChecks: Int { cache.misses }

    private func verifySignatureAndClaims(_ token: String) async throws -> VerifiedToken {
        let claims: SessionTokenClaims
        do {
            claims = try await keys.verify(token, as: SessionTokenClaims.self)
        } catch {
            throw FunctionError(.unauthenticated, "the session token is not valid; sign in again")
        }
        guard claims.iss == issuer, claims.aud == Self.audience else {
            throw FunctionError(.unauthenticated, "the session token was not issued by this server")
        }
        guard Date(timeIntervalSince1970: claims.exp) > now() else {
            throw FunctionError(.unauthenticated, "the session token has expired; sign in again")
        }
        // Issued in the future (beyond a minute of clock skew) is no token this server made: with
        // a far `iat`, the lifetime check below would let it live for years.
        guard Date(timeIntervalSince1970: claims.iat) <= now().addingTimeInterval(60) else {
            throw FunctionError(.unauthenticated, "the session token was issued in the future; sign in again")
        }
        // A token may not outlive what this server issues, whoever else might have signed it.
        guard claims.exp - claims.iat <= lifetime + 60 else {
            throw FunctionError(.unauthenticated, "the session token lives longer than this server allows; sign in again")
        }
        guard let userId = UUID(uuidString: claims.sub) else {
            throw FunctionError(.unauthenticated, "the session token names no user")
        }
        return VerifiedToken(
            userId: userId, id: claims.jti, issuedAt: Date(timeIntervalSince1970: claims.iat), expiresAt: Date(timeIntervalSince1970: claims.exp)
        )
    }

    /// The public key as a JWKS document, so a Convex deployment (or anyone) can verify tokens.
    public func jwks() throws -> [String: Any] {
        guard let parameters = publicKey.parameters else { throw FunctionError(.internal, "the signing key has no public parameters") }
        return ["keys": [[
            "kty": "EC", "crv": "P-256", "alg": "ES256", "use": "sig", "kid": Self.keyId,
            "x": parameters.x, "y": parameters.y,
        ]]]
    }

    /// The signing key: from `pem` when given, else from the data directory, generated there once.
    public static func loadOrCreateKey(pem: String?, in directory: URL) throws -> String {
        if let pem { return pem }
        return try SessionKeyFile.loadOrCreate(in: directory)
    }
}
