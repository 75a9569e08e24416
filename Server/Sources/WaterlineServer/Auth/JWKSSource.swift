import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where Apple's public keys come from: Apple's JWKS URL in production, a test's own keys in tests.
public protocol JWKSSource: Sendable {
    func fetchJWKS() async throws -> Data
}

/// Fetches a JWKS document over HTTP(S), within `AppleExchange`'s deadline and size, never
/// following a redirect to another host.
public struct URLJWKSSource: JWKSSource {
    public let url: URL
    private let exchange: AppleExchange

    public init(url: URL, exchange: AppleExchange = AppleExchange()) {
        self.url = url
        self.exchange = exchange
    }

    public func fetchJWKS() async throws -> Data {
        var request = URLRequest(url: url)
        request.timeoutInterval = 10
        let (data, response) = try await exchange.send(request)
        guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
            throw FunctionError(.internal, "could not fetch Apple's signing keys from \(url)")
        }
        return data
    }
}
