import Foundation
import Testing
import WaterlineAPI
import WaterlineCore
@testable import WaterlineRuntime
import WaterlineStorage
import WaterlineSync
@testable import waterline

@Suite("waterline sync")
struct SyncCommandTests {
    /// The account's live sessions and logs, as the server answers a pull.
    func onServer(_ server: String, token: String) async throws -> (sessions: Int, logs: Int) {
        let client = ConvexClient(baseURL: try #require(URL(string: server)), timeout: 10, token: { token })
        let page = try await client.call(Sync.Pull.self, PullRequest(cursor: nil, limit: 1_000))
        var sessions = 0, logs = 0
        for change in page.changes {
            switch change {
            case .session(let session) where session.deletedAt == nil: sessions += 1
            case .logEntry(let log) where log.deletedAt == nil: logs += 1
            default: break
            }
        }
        return (sessions, logs)
    }

    @Test("a server address with a user and password is never printed with them")
    func credentialsNotEchoed() throws {
        let url = try #require(URL(string: "http://ann:s3cret@127.0.0.1:8080/convex"))
        #expect(SyncCommand.shown(url) == "http://127.0.0.1:8080/convex")
        #expect(!SyncCommand.shown(url).contains("s3cret") && !SyncCommand.shown(url).contains("ann"))
    }

    @Test("login and sync push the session to the server; an unreachable server keeps everything here")
    func sync() async throws {
        let server = ServerProcess()
        let token = try await server.token(appleSub: "cli-user")
        try await server.start()
        let url = server.url

        let cli = CLI()
        #expect(try await cli.run("sync", "--server", url).stderr.contains("not signed in"))
        #expect(try await cli.run("login", "--token", token, "--server", url).status == 0)
        _ = try await cli.run("start")
        _ = try await cli.run("drink")
        _ = try await cli.run("water")
        let synced = try await cli.run("sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stdout.contains("Synced with \(url)"))
        #expect(!synced.stdout.contains("refused"), "\(synced.stdout)")
        let first = try await onServer(url, token: token)
        #expect(first.sessions == 1 && first.logs == 2)

        // The command's own path, in this process: the runtime's scheduler runs the sync, as in the app.
        let home = cli.home
        let command = try SyncCommand.parse(["--server", url, "--home", home.path])
        let client = ConvexClient(baseURL: try #require(URL(string: url)), timeout: 10, token: { token })
        let companion = try await Companion(command.global, backend: client)
        _ = try await companion.send(.logWater(source: .phone))
        let status = try await command.sync(on: companion, client: client)
        #expect(status.phase == .synced && status.pendingCount == 0)
        #expect(await companion.runtime.syncHistory().last == .commandLine)
        #expect(try await onServer(url, token: token).logs == 3, "the water went through the scheduler's run")

        server.stop()
        _ = try await cli.run("water")
        let offline = try await cli.run("sync")
        #expect(offline.status != 0)
        #expect(offline.stderr.contains("could not reach"))
        #expect(offline.stderr.contains("1 change(s) wait here"))
        #expect(try await cli.run("status").stdout.contains("Water 3"), "the one logged in-process, and the two by the command")
    }
}
