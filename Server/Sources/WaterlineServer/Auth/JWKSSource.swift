import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where Apple's public keys come from: Apple's JWKS URL in production, a test's own keys in tests.
public protocol JWKSSource: Sendable {
    func fetchJWKS() async throws -> Data
}

/// Fetches a JWKS document over HTTP(S).
public struct URLJWKSSource: JWKSSource {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    public func fetchJWKS() async throws -> Data {
        var request = URLRequest(url: url)
        request.timeoutInterval = 10
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
            throw FunctionError(.internal, "could not fetch Apple's signing keys from \(url)")
        }
        return data
    }
}
