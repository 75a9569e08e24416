import ArgumentParser
import Foundation
import Logging
import NIOCore
import NIOPosix
import WaterlineServer

@main
struct WaterlineServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waterline-server",
        abstract: "Waterline's sync server: the Convex function API over HTTP, with SQLite or PostgreSQL storage.",
        subcommands: [Serve.self, Token.self],
        defaultSubcommand: Serve.self
    )

    static func main() async {
        // SwiftNIO's documented way for a server to run its Swift Concurrency tasks on the event
        // loops that do its I/O, sparing a thread switch each way per request. Must be done first,
        // on the main thread, once. Nothing here blocks a task for long: SQLite and the log have
        // threads of their own.
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        // Every logger made anywhere in the process (the server's, its libraries') writes through
        // the buffered handler: no request waits on a write to standard error, which may be a
        // pipe nobody reads. Once, before any logger is made.
        LoggingSystem.bootstrap { BufferedLogHandler(label: $0) }
        await main(nil)
    }
}

/// Flags shared by every subcommand; each falls back to an environment variable.
struct ServerOptions: ParsableArguments {
    @Option(help: "Directory for the SQLite database and the signing key (env WATERLINE_DATA_DIR).")
    var dataDir: String?

    @Option(name: .customLong("database-url"), help: "A postgres:// URL to store data in PostgreSQL instead of SQLite (env WATERLINE_DATABASE_URL).")
    var databaseURL: String?

    @Option(help: "The app's bundle id, expected as the audience of Apple identity tokens (env WATERLINE_APPLE_AUDIENCE).")
    var appleAudience: String?

    @Option(name: .customLong("apple-jwks-url"), help: "Where Apple's signing keys are fetched from (env WATERLINE_APPLE_JWKS_URL).")
    var appleJWKSURL: String?

    @Option(name: .customLong("apple-team-id"), help: "Your Apple Developer team id, for revoking Sign in with Apple when an account is deleted (env WATERLINE_APPLE_TEAM_ID).")
    var appleTeamId: String?

    @Option(name: .customLong("apple-key-id"), help: "The id of your Sign in with Apple key (env WATERLINE_APPLE_KEY_ID).")
    var appleKeyId: String?

    @Option(name: .customLong("apple-private-key"), help: ArgumentHelp(
        "The Sign in with Apple key's .p8 file (env WATERLINE_APPLE_PRIVATE_KEY_FILE).", valueName: "path"
    ))
    var applePrivateKey: String?

    @Option(name: .customLong("apple-auth-url"), help: "Where Apple's /auth/token and /auth/revoke are (env WATERLINE_APPLE_AUTH_URL; default https://appleid.apple.com).")
    var appleAuthURL: String?

    func validate() throws {
        if let url = databaseURL ?? env("WATERLINE_DATABASE_URL"), !(url.hasPrefix("postgres://") || url.hasPrefix("postgresql://")) {
            throw ValidationError("--database-url must start with postgres:// (got \(DatabaseURL.redacted(url)))")
        }
        if let jwks = appleJWKSURL ?? env("WATERLINE_APPLE_JWKS_URL"), URL(string: jwks)?.scheme == nil {
            throw ValidationError("--apple-jwks-url must be an absolute URL (got \(jwks))")
        }
        if let auth = appleAuthURL ?? env("WATERLINE_APPLE_AUTH_URL"), URL(string: auth)?.scheme == nil {
            throw ValidationError("--apple-auth-url must be an absolute URL (got \(auth))")
        }
        _ = try appleSignInKey()
    }

    /// The three parts of the Sign in with Apple key, all or none.
    func appleSignInKey() throws -> AppleSignInKey? {
        let parts = [appleTeamId ?? env("WATERLINE_APPLE_TEAM_ID"), appleKeyId ?? env("WATERLINE_APPLE_KEY_ID"),
                     applePrivateKey ?? env("WATERLINE_APPLE_PRIVATE_KEY_FILE")]
        let given = parts.compactMap { $0 }
        if given.isEmpty { return nil }
        guard given.count == 3, let team = parts[0], let key = parts[1], let file = parts[2] else {
            throw ValidationError("--apple-team-id, --apple-key-id and --apple-private-key go together (Sign in with Apple revocation)")
        }
        guard let pem = try? String(contentsOfFile: file, encoding: .utf8), pem.contains("BEGIN PRIVATE KEY") else {
            throw ValidationError("--apple-private-key: \(file) is not a readable .p8 key (-----BEGIN PRIVATE KEY-----)")
        }
        return AppleSignInKey(teamId: team, keyId: key, privateKeyPEM: pem)
    }

    func configuration(host: String = "127.0.0.1", port: Int = 8080) -> ServerConfiguration {
        let home = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".waterline/server")
        return ServerConfiguration(
            host: host,
            port: port,
            dataDirectory: (dataDir ?? env("WATERLINE_DATA_DIR")).map { URL(fileURLWithPath: $0) } ?? home,
            databaseURL: databaseURL ?? env("WATERLINE_DATABASE_URL"),
            appleAudience: appleAudience ?? env("WATERLINE_APPLE_AUDIENCE") ?? "com.waterline.app",
            appleJWKSURL: (appleJWKSURL ?? env("WATERLINE_APPLE_JWKS_URL")).flatMap(URL.init(string:)) ?? ServerConfiguration.defaultAppleJWKSURL,
            appleSignInKey: try? appleSignInKey(),
            appleAuthURL: (appleAuthURL ?? env("WATERLINE_APPLE_AUTH_URL")).flatMap(URL.init(string:)) ?? AppleAccountLink.defaultBaseURL,
            signingKeyPEM: env("WATERLINE_SIGNING_KEY")
        )
    }

    private func env(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the server (the default).")

    @Option(help: "Address to bind (env WATERLINE_HOST).")
    var host: String = ProcessInfo.processInfo.environment["WATERLINE_HOST"] ?? "127.0.0.1"

    @Option(help: "Port to listen on (env WATERLINE_PORT).")
    var port: Int = Int(ProcessInfo.processInfo.environment["WATERLINE_PORT"] ?? "") ?? 8080

    @Option(help: "Connections one client (an IPv4 address or an IPv6 /64) may hold at once; raise it behind a reverse proxy (env WATERLINE_MAX_CONNECTIONS_PER_CLIENT).")
    var maxConnectionsPerClient: Int = Int(ProcessInfo.processInfo.environment["WATERLINE_MAX_CONNECTIONS_PER_CLIENT"] ?? "") ?? 64

    @Option(name: .customLong("trusted-proxy"), help: ArgumentHelp(
        "A reverse proxy's IP address whose forwarding header (--forwarded-header) names the client; repeat for several (env WATERLINE_TRUSTED_PROXIES, comma-separated).",
        valueName: "address"
    ))
    var trustedProxies: [String] = (ProcessInfo.processInfo.environment["WATERLINE_TRUSTED_PROXIES"] ?? "")
        .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }

    @Option(name: .customLong("forwarded-header"), help: ArgumentHelp(
        "The one header your trusted proxy appends the client's address to: x-forwarded-for (nginx, Caddy) or forwarded; the other is never read (env WATERLINE_FORWARDED_HEADER).",
        valueName: "name"
    ))
    var forwardedHeader: String = ProcessInfo.processInfo.environment["WATERLINE_FORWARDED_HEADER"] ?? ForwardingHeader.xForwardedFor.rawValue

    @OptionGroup var options: ServerOptions

    func validate() throws {
        do {
            _ = try TrustedProxies(trustedProxies, header: header())
        } catch let error as FunctionError {
            throw ValidationError(error.message)
        }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535 (got \(port))") }
        guard (1...1_000_000).contains(maxConnectionsPerClient) else {
            throw ValidationError("--max-connections-per-client must be 1 to 1000000 (got \(maxConnectionsPerClient))")
        }
    }

    private func header() throws -> ForwardingHeader {
        guard let header = ForwardingHeader(rawValue: forwardedHeader.lowercased()) else {
            throw FunctionError(.invalidArgument, "--forwarded-header must be x-forwarded-for or forwarded (got \(forwardedHeader))")
        }
        return header
    }

    func run() async throws {
        DataDirectory.restrictNewFiles()
        // Buffered, so the access log's line per request costs the request little.
        let logger = Logger(label: "waterline-server") { BufferedLogHandler(label: $0) }
        defer { LogOutput.standardError.flush() }
        // The proxies were checked in `validate()`, which answers a bad address with the usage message.
        let proxies = try TrustedProxies(trustedProxies, header: header())
        let configuration = {
            var configuration = options.configuration(host: host, port: port)
            configuration.maximumConnectionsPerClient = maxConnectionsPerClient
            configuration.trustedProxies = proxies
            return configuration
        }()
        let database = try await Database.open(configuration, logger: logger)
        do {
            let context = try await makeServerContext(configuration: configuration, database: database, logger: logger)
            let app = buildApplication(configuration: configuration, context: context, logger: logger) { port in
                let storage = configuration.databaseURL == nil ? configuration.dataDirectory.appendingPathComponent("waterline.sqlite").path : "PostgreSQL"
                // Written straight to the file handle so it shows even when stdout is a pipe.
                FileHandle.standardOutput.write(Data("waterline-server listening on http://\(configuration.host):\(port) (storage: \(storage))\n".utf8))
            }
            try await app.runService()
        } catch {
            try? await database.shutdown()
            throw error
        }
        try await database.shutdown()
    }
}

struct Token: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print a session token for the user with an Apple subject, creating the user if needed.")

    @Option(help: "The user's Apple `sub`.")
    var appleSub: String

    @OptionGroup var options: ServerOptions

    func validate() throws {
        guard !appleSub.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("--apple-sub must not be empty") }
    }

    func run() async throws {
        DataDirectory.restrictNewFiles()
        let logger = Logger(label: "waterline-server")
        // What the buffered log holds is written before the command exits.
        defer { LogOutput.standardError.flush() }
        let configuration = options.configuration()
        // With PostgreSQL the servers share one signing key (WATERLINE_SIGNING_KEY); a key made
        // here on the spot would sign a token every server refuses.
        if configuration.databaseURL != nil, configuration.signingKeyPEM == nil,
           !SessionKeyFile.exists(in: configuration.dataDirectory) {
            throw ValidationError(
                "with --database-url, give the servers' signing key in WATERLINE_SIGNING_KEY (no key is kept in \(configuration.dataDirectory.path)); a new key would sign a token the servers refuse"
            )
        }
        let database: Database
        do {
            database = try await Database.open(configuration, logger: logger)
        } catch let inUse as DataDirectoryInUse {
            throw ValidationError(
                "\(inUse.directory.path) is held by a running waterline-server: `token` needs it to itself. Stop the server, run `token`, and start the server again (the token stays valid), or run `token` before starting the server."
            )
        }
        do {
            let context = try await makeServerContext(configuration: configuration, database: database)
            let user = try await context.repository.findOrCreateUser(appleSub: appleSub, now: Date())
            print(try await context.issueToken(for: user.id).token)
        } catch {
            try? await database.shutdown()
            throw error
        }
        try await database.shutdown()
    }
}
