import Foundation
import Hummingbird

/// A loopback HTTP server with the routes a test gives it, on a free port, for tests of clients
/// against a server that misbehaves (the kit's transports, the command line's binary); stopped by
/// `stop`.
public struct HostileBackend: Sendable {
    public let baseURL: URL
    private let task: Task<Void, any Error>

    public static func start(_ build: (Router<BasicRequestContext>) -> Void) async throws -> HostileBackend {
        let router = Router()
        build(router)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { continuation.yield($0.localAddress?.port ?? 0) }
        )
        let task = Task { try await app.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            task.cancel()
            throw HostileBackendError()
        }
        return HostileBackend(baseURL: URL(string: "http://127.0.0.1:\(port)")!, task: task)
    }

    public func stop() async {
        task.cancel()
        _ = try? await task.value
    }
}

/// The backend did not say where it listens.
public struct HostileBackendError: Error, CustomStringConvertible {
    public var description: String { "the test backend did not start" }
}
