import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPTransport {
    /// The exchange for `request`, or nil when `deadline` passes first (the exchange is then
    /// cancelled): a bound on the whole exchange, a body trickled a byte at a time included,
    /// which a transport's own timeout (restarted by every byte on Linux) is not. Every caller
    /// with a deadline goes through here (`ConvexClient`, the server's calls to Apple).
    /// - Parameter sleep: how the deadline waits (tests pass one that returns at once).
    public func send(
        _ request: URLRequest, within deadline: Duration,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) async throws -> (Data, HTTPURLResponse)? {
        try await withThrowingTaskGroup(of: DeadlineExchange?.self) { group in
            group.addTask { DeadlineExchange(try await self.send(request)) }
            group.addTask {
                try await sleep(deadline)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let exchange = first else { return nil }
            return (exchange.data, exchange.response)
        }
    }
}

/// One answer crossing the deadline's task group.
private struct DeadlineExchange: @unchecked Sendable {
    // HTTPURLResponse is immutable once made, but not declared Sendable on every platform.
    let data: Data
    let response: HTTPURLResponse

    init(_ exchange: (Data, HTTPURLResponse)) {
        data = exchange.0
        response = exchange.1
    }
}
