internal import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
internal import NIOCore
internal import NIOHTTP1
internal import NIOHTTPCompression
import WaterlineAPI

/// `HTTPTransport` over AsyncHTTPClient: the command line's, because on Linux `URLSession`
/// (libcurl underneath) cannot bound what an answer costs: it decodes a gzip answer whole
/// whatever its delegate says, and keeps reading a chunked one long after being cancelled.
///
/// - **What is held is bounded, however the answer comes.** The body is read only as fast as it
///   is taken (AsyncHTTPClient reads from the socket on demand), counted as it comes, and refused
///   past `maximumBytes`; a compressed answer is decoded a piece at a time, and decoding stops
///   once it has made `maximumBytes`. An announced `Content-Length` past the cap is refused
///   before any of the body is read.
/// - **Redirects stay on the origin they started from** (the session token must reach only the
///   server it was meant for), at most `maximumRedirects`, as `URLSessionTransport` does.
/// - **Cancelling the calling task cancels the exchange**, so `ConvexClient`'s deadline holds.
///
/// One transport owns one client (and its connections); it is shut down when the transport goes.
public final class AsyncHTTPClientTransport: HTTPTransport {
    public static let maximumRedirects = 5

    private let client: HTTPClient
    private let maximumBytes: Int
    private let timeout: TimeInterval

    /// - Parameters:
    ///   - maximumBytes: the largest answer taken, after decoding (`ConvexClient.maximumResponseBytes` by default);
    ///   - timeout: how long connecting, or the connection's silence, may last;
    ///   - proxy: the HTTP proxy to go through (`EnvironmentProxy.forServer(_:environment:)`), or nil.
    public init(maximumBytes: Int = ConvexClient.maximumResponseBytes, timeout: TimeInterval = 15, proxy: EnvironmentProxy? = nil) {
        self.maximumBytes = maximumBytes
        self.timeout = timeout
        let wait = TimeAmount.milliseconds(Int64(max(0.001, timeout) * 1_000))
        client = HTTPClient(
            eventLoopGroup: HTTPClient.defaultEventLoopGroup,
            configuration: HTTPClient.Configuration(
                redirectConfiguration: .disallow,
                timeout: .init(connect: wait, read: wait),
                proxy: proxy.map { proxy in
                    .server(host: proxy.host, port: proxy.port, authorization: proxy.credentials.map { .basic(username: $0.user, password: $0.password) })
                },
                decompression: .enabled(limit: .size(maximumBytes))
            )
        )
    }

    deinit {
        client.shutdown { _ in }
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard var url = request.url else { throw ConvexError.badResponse("a request without an address") }
        let origin = ExchangeRules.origin(url)
        var method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        var body = request.httpBody
        for _ in 0...Self.maximumRedirects {
            let response = try await exchange(request, url: url, method: method, body: body)
            guard let next = Self.redirect(response, from: url) else { return try await read(response, url: url) }
            guard ExchangeRules.origin(next) == origin else { throw ExchangeRules.redirectRefused(to: next, from: origin) }
            // As browsers and URLSession do: 307 and 308 repeat the request, the others fetch the new address.
            if ![.temporaryRedirect, .permanentRedirect].contains(response.status) {
                method = .GET
                body = nil
            }
            url = next
        }
        throw ConvexError.badResponse("more than \(Self.maximumRedirects) redirects from \(origin); not followed further")
    }

    private func exchange(_ request: URLRequest, url: URL, method: HTTPMethod, body: Data?) async throws -> HTTPClientResponse {
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = method
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            outgoing.headers.add(name: name, value: value)
        }
        if !outgoing.headers.contains(name: "Accept-Encoding") {
            outgoing.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        }
        if let body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        // ConvexClient's deadline cancels sooner; this one only keeps a call made without it from waiting forever.
        return try await client.execute(outgoing, timeout: .seconds(Int64(max(60, timeout * 4))))
    }

    /// The same-origin check is the caller's; here only: is this a redirect, and to where.
    private static func redirect(_ response: HTTPClientResponse, from url: URL) -> URL? {
        let redirects: [HTTPResponseStatus] = [.movedPermanently, .found, .seeOther, .temporaryRedirect, .permanentRedirect]
        guard redirects.contains(response.status), let location = response.headers.first(name: "Location") else { return nil }
        return URL(string: location, relativeTo: url)?.absoluteURL
    }

    private func read(_ response: HTTPClientResponse, url: URL) async throws -> (Data, HTTPURLResponse) {
        if let announced = response.headers.first(name: "Content-Length").flatMap(Int.init), announced > maximumBytes {
            throw ExchangeRules.answerTooLarge(maximumBytes)
        }
        var data = Data()
        do {
            for try await piece in response.body {
                guard data.count + piece.readableBytes <= maximumBytes else { throw ExchangeRules.answerTooLarge(maximumBytes) }
                data.append(contentsOf: piece.readableBytesView)
            }
        } catch NIOHTTPDecompression.DecompressionError.limit {
            throw ExchangeRules.answerTooLarge(maximumBytes)
        }
        var headers: [String: String] = [:]
        for (name, value) in response.headers {
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        guard let answer = HTTPURLResponse(url: url, statusCode: Int(response.status.code), httpVersion: "HTTP/1.1", headerFields: headers) else {
            throw ConvexError.badResponse("not an HTTP response")
        }
        return (data, answer)
    }
}
