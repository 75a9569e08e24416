import Foundation
import JWTKit
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The person's Sign in with Apple link to the app, as Apple's REST API keeps it: at sign-in the
/// app's authorization code is exchanged (`/auth/token`) for a refresh token, kept with the
/// account; when the account is deleted that token is revoked (`/auth/revoke`), which ends the
/// link as App Review 5.1.1(v) expects. Made only when the deployer configured a key.
public struct AppleAccountLink: Sendable {
    public static let defaultBaseURL = URL(string: "https://appleid.apple.com")!
    /// A client secret lives this long (Apple allows six months; each call signs a fresh one).
    static let secretLifetime: TimeInterval = 300

    /// The app's bundle id: the identity tokens' audience, and the client id at Apple.
    public let clientId: String
    private let key: AppleSignInKey
    private let keys: JWTKeyCollection
    private let baseURL: URL
    private let timeout: TimeInterval
    /// Each call to Apple: within `timeout` from request to last byte, bounded, on Apple's host.
    private let apple: AppleExchange
    private let now: @Sendable () -> Date

    /// Fails when the private key is not a P-256 PEM key.
    public init(
        clientId: String, key: AppleSignInKey, baseURL: URL = Self.defaultBaseURL, timeout: TimeInterval = 10,
        now: @escaping @Sendable () -> Date = { Date() }
    ) async throws {
        self.clientId = clientId
        self.key = key
        self.baseURL = baseURL
        self.timeout = timeout
        apple = AppleExchange(deadline: timeout)
        self.now = now
        keys = JWTKeyCollection()
        await keys.add(ecdsa: try ES256PrivateKey(pem: key.privateKeyPEM), kid: JWKIdentifier(string: key.keyId))
    }

    /// The refresh token Apple gives for the app's authorization code.
    public func exchange(authorizationCode code: String) async throws -> String {
        let answer = try await post("auth/token", [
            "client_id": clientId, "client_secret": try await clientSecret(), "code": code, "grant_type": "authorization_code",
        ])
        guard let object = try? JSONSerialization.jsonObject(with: answer) as? [String: Any],
              let refreshToken = object["refresh_token"] as? String, !refreshToken.isEmpty
        else { throw AppleLinkError("Apple's token answer holds no refresh token") }
        return refreshToken
    }

    /// Ends the link the refresh token stands for.
    public func revoke(refreshToken: String) async throws {
        _ = try await post("auth/revoke", [
            "client_id": clientId, "client_secret": try await clientSecret(), "token": refreshToken, "token_type_hint": "refresh_token",
        ])
    }

    func clientSecret() async throws -> String {
        let issued = now().timeIntervalSince1970.rounded(.down)
        let claims = AppleClientSecretClaims(
            iss: key.teamId, iat: issued, exp: issued + Self.secretLifetime, aud: "https://appleid.apple.com", sub: clientId
        )
        return try await keys.sign(claims, kid: JWKIdentifier(string: key.keyId))
    }

    /// POSTs a form and answers the body of a 200; Apple's error (`{"error": "invalid_grant"}`) otherwise.
    private func post(_ path: String, _ form: [String: String]) async throws -> Data {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.timeoutInterval = timeout
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(Self.formEncoded(form).utf8)
        let (data, http) = try await apple.send(request)
        guard http.statusCode == 200 else {
            let reason = (try? JSONSerialization.jsonObject(with: data.prefix(4_096)) as? [String: Any])?["error"] as? String
            throw AppleLinkError("Apple answered \(http.statusCode) to \(path)\(reason.map { " (\($0.prefix(60)))" } ?? "")")
        }
        return data
    }

    /// `application/x-www-form-urlencoded`, keys sorted.
    static func formEncoded(_ form: [String: String]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return form.sorted { $0.key < $1.key }
            .map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }
            .joined(separator: "&")
    }
}

/// Apple's token or revoke endpoint refused, or could not be reached.
public struct AppleLinkError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
