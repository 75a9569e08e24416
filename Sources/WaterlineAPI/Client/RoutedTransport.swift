import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends each call to the backend chosen at that moment: the client is made once at launch with
/// `placeholderBase`, and the person may choose another server in Settings meanwhile. With no
/// server set, a call fails as offline and nothing leaves the device.
public struct RoutedTransport: HTTPTransport {
    /// The base the client is made with; never dialled.
    public static let placeholderBase = URL(string: "https://backend.invalid")!

    private let base: @Sendable () -> URL?
    private let inner: any HTTPTransport

    public init(base: @escaping @Sendable () -> URL?, inner: any HTTPTransport = URLSessionTransport()) {
        self.base = base
        self.inner = inner
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard let base = base() else { throw ConvexError.offline("no sync server is set") }
        guard let url = request.url else { throw ConvexError.badResponse("a call without an address") }
        var routed = request
        // The client's path after its base: /api/query, /api/mutation or /api/action.
        routed.url = base.appendingPathComponent("api").appendingPathComponent(url.lastPathComponent)
        return try await inner.send(routed)
    }
}
