import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import WaterlineAPI
import WaterlineHTTPClient

/// Every exchange the server has with Apple (its signing keys, `/auth/token`, `/auth/revoke`):
/// a whole-exchange deadline (Linux's `URLSession` restarts its timeout with every byte, so a
/// trickling answer could hold a sign-in for minutes), an answer of bounded size, and no redirect
/// off the host asked (a key server that redirects elsewhere is not followed).
public struct AppleExchange: Sendable {
    /// The longest an exchange with Apple may take, from the request to the last byte.
    public static let defaultDeadline: TimeInterval = 10
    /// The largest answer taken from Apple (its key set and token answers are a few KB).
    public static let defaultMaximumBytes = 64 * 1024

    private let transport: AsyncHTTPClientTransport
    private let deadline: TimeInterval

    public init(deadline: TimeInterval = Self.defaultDeadline, maximumBytes: Int = Self.defaultMaximumBytes) {
        self.deadline = deadline
        transport = AsyncHTTPClientTransport(maximumBytes: maximumBytes, timeout: deadline)
    }

    /// The answer to `request`, or an error once the deadline passes (the exchange is cancelled),
    /// the answer grows past its bound, or a redirect leaves the host.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard let answer = try await transport.send(request, within: .seconds(deadline)) else {
            throw AppleLinkError("Apple did not answer within \(Int(deadline.rounded(.up))) s")
        }
        return answer
    }
}
