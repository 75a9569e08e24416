import Foundation
import Hummingbird
import NIOCore
import Synchronization
import Testing
import WaterlineAPI
import WaterlineCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The kit's live transport (the phone's, the watch's, the command line's) against a server that
/// misbehaves: an endless answer is cut at the cap as it streams, and the session token never
/// follows a redirect to another origin.
@Suite("A hostile backend, through the kit's transport")
struct HostileBackendTests {
    /// A loopback server with `build`'s routes, on a free port; stopped by `stop`.
    struct Backend {
        let baseURL: URL
        let task: Task<Void, any Error>

        static func start(_ build: (Router<BasicRequestContext>) -> Void) async throws -> Backend {
            let router = Router()
            build(router)
            let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
            let app = Application(
                router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                onServerRunning: { continuation.yield($0.localAddress?.port ?? 0) }
            )
            let task = Task { try await app.run() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw ConvexError.offline("the test backend did not start") }
            return Backend(baseURL: URL(string: "http://127.0.0.1:\(port)")!, task: task)
        }

        func stop() async {
            task.cancel()
            _ = try? await task.value
        }
    }

    static let megabyte = ByteBuffer(repeating: UInt8(ascii: " "), count: 1 << 20)

    @Test("an answer streamed without end is cut at the cap as it arrives, not read whole first")
    func endlessAnswer() async throws {
        let backend = try await Backend.start { router in
            router.post("api/query") { _, _ in
                // 2 GB of JSON whitespace, a megabyte at a time, with no Content-Length.
                Response(status: .ok, body: ResponseBody { writer in
                    for _ in 0..<2048 {
                        try await writer.write(Self.megabyte)
                    }
                    try await writer.finish(nil)
                })
            }
        }
        let client = ConvexClient(baseURL: backend.baseURL, transport: URLSessionTransport(maximumBytes: 4 << 20))
        await #expect { try await client.call(Users.Me.self) } throws: { error in
            guard case ConvexError.badResponse(let message) = error else { return false }
            return message.contains("larger than 4194304 bytes")
        }
        // Read whole first (as `data(for:)` did), the 2 GB would have been held at once. Over
        // loopback (gigabytes a second) Linux's URLSession can deliver much of it before the
        // cancel lands, but what comes past the cap is dropped as it arrives, never kept.
        #if os(Linux)
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let peakKB = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
        #expect(try #require(peakKB) < 1_200_000, "this process's peak memory stayed far below the 2 GB answer")
        #endif
        await backend.stop()
    }

    @Test("an answer announced larger than the cap is refused before its body is read")
    func announcedTooLarge() async throws {
        let backend = try await Backend.start { router in
            router.post("api/query") { _, _ in
                Response(status: .ok, body: ResponseBody(contentLength: 64 << 20) { writer in
                    for _ in 0..<64 { try await writer.write(Self.megabyte) }
                    try await writer.finish(nil)
                })
            }
        }
        let client = ConvexClient(baseURL: backend.baseURL, transport: URLSessionTransport(maximumBytes: 1 << 20))
        await #expect { try await client.call(Users.Me.self) } throws: { error in
            guard case ConvexError.badResponse(let message) = error else { return false }
            return message.contains("larger than 1048576 bytes")
        }
        await backend.stop()
    }

    @Test("a redirect to another origin is not followed and the token never reaches it; one on the same origin is")
    func redirects() async throws {
        let seen = Mutex<[String]>([])
        let elsewhere = try await Backend.start { router in
            router.post("api/query") { request, _ in
                seen.withLock { $0.append(request.headers[.authorization] ?? "no token") }
                return Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"status":"success","value":null}"#)))
            }
        }
        let origin = try await Backend.start { router in
            router.post("api/query") { _, _ in
                Response(status: .temporaryRedirect, headers: [.location: elsewhere.baseURL.appendingPathComponent("api/query").absoluteString])
            }
            router.post("api/moved") { _, _ in
                Response(status: .permanentRedirect, headers: [.location: "/api/action"])
            }
            router.post("api/action") { request, _ in
                let answer = request.headers[.authorization] == "Bearer secret" ? #"{"status":"success","value":"here"}"# : #"{"status":"error","errorMessage":"no token"}"#
                return Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: answer)))
            }
        }
        let transport = URLSessionTransport()
        let client = ConvexClient(baseURL: origin.baseURL, transport: transport, token: { "secret" })
        await #expect { try await client.call(Users.Me.self) } throws: { error in
            guard case ConvexError.badResponse(let message) = error else { return false }
            return message.contains("redirected to http://127.0.0.1:\(elsewhere.baseURL.port!)")
        }
        #expect(seen.withLock { $0 }.isEmpty, "the other origin was never called, so never saw the token")

        var moved = URLRequest(url: origin.baseURL.appendingPathComponent("api/moved"))
        moved.httpMethod = "POST"
        moved.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
        moved.httpBody = Data("{}".utf8)
        let (data, response) = try await transport.send(moved)
        #expect(response.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains("here"), "followed on the same origin, token and all")
        await origin.stop()
        await elsewhere.stop()
    }
}
