import ArgumentParser
import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineHTTPClient
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Push what changed here and pull what changed elsewhere (after `waterline login`)."
    )

    @Option(help: "The Waterline server or Convex deployment URL (remembered from `login` when omitted).")
    var server: String?

    @Flag(help: "This store holds another account's data: send it to the signed-in account.")
    var keepData = false

    @Flag(help: "This store holds another account's data: remove it and take the signed-in account's.")
    var startClean = false

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    struct Report: Encodable {
        var phase: String
        var pendingCount: Int
        var failedCount: Int
        var setAsideCount: Int
        var lastError: String?
    }

    func run() async throws {
        let file = CredentialFile(home: global.homeDirectory)
        let contents = try await file.contents()
        guard let address = server ?? contents.server else {
            throw CLIError("no server given; use `waterline sync --server URL`")
        }
        let url = try Self.serverURL(address)
        guard await file.validToken(at: Companion.now()) != nil else {
            throw CLIError("not signed in (or the token expired); run `waterline login --token T` first")
        }
        guard !(keepData && startClean) else { throw CLIError("choose one of --keep-data and --start-clean") }
        // AsyncHTTPClient, not URLSession: on Linux only it bounds what a chunked or compressed answer
        // costs. Through the proxy the environment names, as curl reads it.
        let proxy: EnvironmentProxy?
        do {
            proxy = try EnvironmentProxy.forServer(url, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw CLIError(error.description)
        }
        let client = ConvexClient(baseURL: url, timeout: 10, transport: AsyncHTTPClientTransport(timeout: 10, proxy: proxy), token: { await file.validToken(at: Companion.now()) })
        let status = try await sync(on: Companion(global, backend: client), client: client)
        if output.json {
            try Output.json(Report(phase: status.phase.rawValue, pendingCount: status.pendingCount, failedCount: status.failedCount, setAsideCount: status.setAsideCount, lastError: status.lastError))
        }
        switch status.phase {
        case .synced:
            if !output.json {
                print("Synced with \(Self.shown(url))" + (status.failedCount > 0 ? "; \(status.failedCount) change(s) refused: \(status.lastError ?? "")" : ""))
                if status.setAsideCount > 0 {
                    print("\(status.setAsideCount) change(s) from the server could not be read or kept here and were set aside; the rest synced")
                }
            }
        case .offline, .syncing:
            throw CLIError("could not reach \(Self.shown(url)); \(status.pendingCount) change(s) wait here (\(status.lastError ?? "no answer"))")
        case .signedOut:
            throw CLIError("the server refused the token; run `waterline login --token T` again")
        case .accountChoice:
            throw CLIError("this store holds another account's data; run `waterline sync --keep-data` to send it to the signed-in account, or `waterline sync --start-clean` to replace it with that account's")
        }
    }

    /// Settles whose data this is when asked to, then syncs as the app does: the runtime's
    /// scheduler runs the engine (a pull, then what waits is pushed). Returns where sync stands.
    func sync(on companion: Companion, client: ConvexClient) async throws -> SyncStatus {
        try await companion.send(.prepare(nil))
        if keepData || startClean {
            let me = try await client.call(Users.Me.self)
            let runtime = companion.runtime
            if try await runtime.handle(.signedIn(as: me.id, appleUserId: me.appleUserId)) {
                try await runtime.handle(.accountChosen(keepData ? .keepThisDevicesData : .startClean, for: me.id))
            }
        }
        return await companion.runtime.handle(.syncNow(.commandLine))
    }

    static func serverURL(_ text: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw CLIError("the server must be an http(s) URL (got \(text))")
        }
        return url
    }

    /// The server's address as it may be printed: never a user or password it carries.
    static func shown(_ url: URL) -> String {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.host ?? "the server" }
        parts.user = nil
        parts.password = nil
        return parts.string ?? url.host ?? "the server"
    }
}
