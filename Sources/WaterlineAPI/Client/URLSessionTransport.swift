import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `HTTPTransport` over `URLSession`, distrusting the server it talks to (the phone's, the
/// watch's and the command line's):
///
/// - **The answer is read as it arrives and capped.** Past `maximumBytes` (announced in
///   `Content-Length` or counted as bytes come) the exchange is cancelled and refused, so a
///   server streaming gigabytes costs the device at most the cap in memory.
/// - **Redirects stay on the origin they started from.** A redirect to the same scheme, host and
///   port is followed; one anywhere else is not, and the call fails naming where it pointed: the
///   request carries the session token, which must reach only the server it was meant for.
/// - **Cancelling the calling task cancels the exchange** (a call's deadline stops the download).
public struct URLSessionTransport: HTTPTransport {
    private let owner: StreamingSession.Owner
    private let maximumBytes: Int

    /// - Parameters:
    ///   - configuration: the session's settings; nil shares one default session by every transport.
    ///   - maximumBytes: the largest answer taken (`ConvexClient.maximumResponseBytes` by default).
    public init(configuration: URLSessionConfiguration? = nil, maximumBytes: Int = ConvexClient.maximumResponseBytes) {
        owner = configuration.map { StreamingSession.Owner(StreamingSession(configuration: $0)) } ?? StreamingSession.Owner.shared
        self.maximumBytes = maximumBytes
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try await owner.session.exchange(request, maximumBytes: maximumBytes)
    }
}
