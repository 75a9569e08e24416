import Foundation
import Logging
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync
import WaterlineServer
@testable import waterline

@Suite("waterline sync")
struct SyncCommandTests {
    @Test("login and sync push the night to the server; an unreachable server keeps everything here")
    func sync() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waterline-cli-server-\(UUID())")
        let configuration = ServerConfiguration(port: 0, dataDirectory: directory)
        var logger = Logger(label: "cli-sync-test")
        logger.logLevel = .critical
        let database = try await Database.open(configuration, logger: logger)
        let context = try await makeServerContext(configuration: configuration, database: database)
        let user = try await context.repository.findOrCreateUser(appleSub: "cli-user", now: Date())
        let token = try await context.tokens.issue(for: user.id).token
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = buildApplication(configuration: configuration, context: context, logger: logger) { continuation.yield($0) }
        let task = Task { try await app.run() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        let server = "http://127.0.0.1:\(port)"

        let cli = CLI()
        #expect(try await cli.run("sync", "--server", server).stderr.contains("not signed in"))
        #expect(try await cli.run("login", "--token", token, "--server", server).status == 0)
        _ = try await cli.run("start")
        _ = try await cli.run("drink")
        _ = try await cli.run("water")
        let synced = try await cli.run("sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stdout.contains("Synced with \(server)"))
        #expect(!synced.stdout.contains("refused"), "\(synced.stdout)")

        let caller = Caller(userId: user.id)
        let sessions = try await context.repository.sessions(for: caller, updatedSince: nil)
        #expect(sessions.count == 1)
        #expect(try await context.repository.logs(sessionId: try #require(sessions.first).id, for: caller).count == 2)

        // The command's own path, in this process: the runtime's scheduler runs the sync, as in the app.
        let home = cli.home
        let command = try SyncCommand.parse(["--server", server, "--home", home.path])
        let client = ConvexClient(baseURL: try #require(URL(string: server)), timeout: 10, token: { token })
        let companion = try await Companion(command.global, backend: client)
        _ = try await companion.send(.logWater(source: .phone))
        let status = try await command.sync(on: companion, client: client, credentials: InMemoryCredentialStore())
        #expect(status.phase == .synced && status.pendingCount == 0)
        #expect(await companion.runtime.syncHistory().last == .commandLine)
        #expect(try await context.repository.logs(sessionId: try #require(sessions.first).id, for: caller).count == 3, "the water went through the scheduler's run")

        task.cancel()
        _ = try? await task.value
        try await database.shutdown()

        _ = try await cli.run("water")
        let offline = try await cli.run("sync")
        #expect(offline.status != 0)
        #expect(offline.stderr.contains("could not reach"))
        #expect(offline.stderr.contains("1 change(s) wait here"))
        #expect(try await cli.run("status").stdout.contains("Water 3"), "the one logged in-process, and the two by the command")
    }
}
