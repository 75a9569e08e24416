import Foundation
import Hummingbird
import Logging
import NIOCore
import Synchronization
@testable import WaterlineServer

/// Apple's `/auth/token` and `/auth/revoke` on 127.0.0.1 and a free port: each form posted is
/// recorded; a code is exchanged for `refresh-for-<code>` unless it is `refused`, which answers
/// Apple's 400 `invalid_grant`; a revocation is taken unless `failRevocations` asked for
/// failures (Apple's 503), one per revocation. Stopped by `stop()`.
final class AppleAuthStandIn: Sendable {
    struct Post: Sendable {
        var path: String
        var form: [String: String]
    }

    let baseURL: URL
    /// Every post, in order of arrival.
    let posts: AsyncStream<Post>
    private let task: Task<Void, any Error>
    /// Revocations still to be failed.
    final class Failures: Sendable {
        let count = Mutex(0)
    }

    private let failures: Failures

    private init(baseURL: URL, posts: AsyncStream<Post>, task: Task<Void, any Error>, failures: Failures) {
        self.baseURL = baseURL
        self.posts = posts
        self.task = task
        self.failures = failures
    }

    /// The next `count` revocations are answered 503.
    func failRevocations(_ count: Int) {
        failures.count.withLock { $0 = count }
    }

    static func start() async throws -> AppleAuthStandIn {
        let (posts, recorder) = AsyncStream.makeStream(of: Post.self)
        let failures = Failures()
        let router = Router()
        router.post("auth/:endpoint") { request, context -> Response in
            let body = try await request.body.collect(upTo: 64 * 1024)
            let form = Self.decodeForm(String(buffer: body))
            let endpoint = context.parameters.get("endpoint") ?? ""
            recorder.yield(Post(path: endpoint, form: form))
            switch endpoint {
            case "token" where form["code"] == "refused":
                return Self.json(#"{"error":"invalid_grant"}"#, status: .badRequest)
            case "token":
                return Self.json(#"{"access_token":"a","token_type":"Bearer","expires_in":3600,"refresh_token":"refresh-for-\#(form["code"] ?? "")","id_token":"x"}"#)
            case "revoke":
                let fail = failures.count.withLock { count in
                    defer { count = max(0, count - 1) }
                    return count > 0
                }
                return fail ? Self.json(#"{"error":"server_error"}"#, status: .serviceUnavailable) : Response(status: .ok)
            default:
                return Response(status: .notFound)
            }
        }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "apple-stand-in")
        logger.logLevel = .critical
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) }, logger: logger
        )
        let task = Task { try await app.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw AppleLinkError("the stand-in did not start") }
        return AppleAuthStandIn(baseURL: URL(string: "http://127.0.0.1:\(port)")!, posts: posts, task: task, failures: failures)
    }

    func stop() async {
        task.cancel()
        _ = try? await task.value
    }

    static func decodeForm(_ body: String) -> [String: String] {
        Dictionary(body.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }, uniquingKeysWith: { $1 })
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
