import Foundation
import Hummingbird
import Logging
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineStorage
import WaterlineSync
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import WaterlineServer

/// A real server on 127.0.0.1 and a free port, with Apple faked, stopped by `stop()`.
final class TestServer: Sendable {
    let baseURL: URL
    let context: ServerContext
    let database: Database
    let apple: FakeApple
    let dataDirectory: URL
    let storage: StorageKind
    private let task: Task<Void, any Error>

    private init(
        baseURL: URL, context: ServerContext, database: Database, apple: FakeApple, dataDirectory: URL, storage: StorageKind,
        task: Task<Void, any Error>
    ) {
        self.baseURL = baseURL
        self.context = context
        self.database = database
        self.apple = apple
        self.dataDirectory = dataDirectory
        self.storage = storage
        self.task = task
    }

    /// Starts a server. Passing the `dataDirectory` of a stopped one restarts on the same data.
    static func start(
        _ storage: StorageKind = .sqlite,
        dataDirectory: URL? = nil,
        apple: FakeApple = FakeApple(),
        now: @escaping @Sendable () -> Date = { Date() },
        logger custom: Logger? = nil,
        adjust: (inout ServerConfiguration) -> Void = { _ in }
    ) async throws -> TestServer {
        let directory = dataDirectory ?? FileManager.default.temporaryDirectory.appendingPathComponent("waterline-test-\(UUID().uuidString)")
        var configuration = ServerConfiguration(port: 0, dataDirectory: directory)
        if storage == .postgres { configuration.databaseURL = StorageKind.postgresURL }
        adjust(&configuration)
        var logger = custom ?? Logger(label: "waterline-test-server")
        if custom == nil { logger.logLevel = .critical }
        let database = try await Database.open(configuration, logger: logger)
        let context: ServerContext
        do {
            context = try await makeServerContext(configuration: configuration, database: database, jwksSource: apple, now: now, logger: logger)
        } catch {
            // Closed before it goes: a PostgreSQL pool dropped open stops the whole test process
            // (AsyncKit asserts), hiding the error that is worth reading.
            try? await database.shutdown()
            throw error
        }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = buildApplication(configuration: configuration, context: context, logger: logger) { port in
            continuation.yield(port)
        }
        let task = Task { try await app.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw FunctionError(.internal, "test server did not start") }
        return TestServer(
            baseURL: URL(string: "http://127.0.0.1:\(port)")!, context: context, database: database, apple: apple,
            dataDirectory: directory, storage: storage, task: task
        )
    }

    /// A started server and a client signed in to it as a new user.
    static func withSignedInClient(_ storage: StorageKind) async throws -> (TestServer, ConvexClient) {
        let server = try await start(storage)
        return (server, server.client(token: try await server.signIn().token))
    }

    /// A client for this server, sending `token` when given.
    func client(token: String? = nil, transport: any HTTPTransport = URLSessionTransport()) -> ConvexClient {
        ConvexClient(baseURL: baseURL, timeout: 30, transport: transport, token: { token })
    }

    /// Signs a user in through `auth:signInWithApple` and returns their session; Apple issues the
    /// identity token at `now`, by default the server's own clock: a test's manual clock stays
    /// right however long the server took to start (with the wall clock, a slow start on a loaded
    /// machine made the token "issued in the future").
    func signIn(sub: String = "apple-\(UUID().uuidString)", at now: Date? = nil, authorizationCode: String? = nil) async throws -> AuthSession {
        let now = now ?? context.now()
        // A fresh nonce each time, as the app makes one per sign-in (a nonce is good once).
        let nonce = UUID().uuidString
        let token = try await FakeApple.identityToken(sub: sub, nonce: nonce, expires: now.addingTimeInterval(600), issued: now)
        return try await client().call(
            Auth.SignInWithApple.self, .init(identityToken: token, nonce: nonce, authorizationCode: authorizationCode)
        )
    }

    func stop() async {
        await recordCalls()
        task.cancel()
        _ = try? await task.value
        try? await database.shutdown()
    }

    /// With `WATERLINE_PARITY_DIR` set (scripts/test sets it), the calls this server answered, by
    /// function and status, from its own `/metrics`: scripts/parity-table reads them for the
    /// README's table of which contract functions each storage was tested with.
    private func recordCalls() async {
        guard let folder = ProcessInfo.processInfo.environment["WATERLINE_PARITY_DIR"], !folder.isEmpty,
              let (data, _) = try? await URLSession.shared.data(from: baseURL.appendingPathComponent("metrics"))
        else { return }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
            .filter { $0.hasPrefix("waterline_requests_total{") && $0.contains("route=\"api\"") }
        let file = URL(fileURLWithPath: folder).appendingPathComponent("\(storage.rawValue)-\(UUID().uuidString).prom")
        try? (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    }
}
