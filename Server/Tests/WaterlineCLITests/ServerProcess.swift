import Foundation

/// The sync server's own binary (built beside `waterline`, this package's too), run as a process
/// of its own on a free loopback port with a data directory of its own.
final class ServerProcess: @unchecked Sendable {
    static let binary = CLI.binary.deletingLastPathComponent().appendingPathComponent("waterline-server")

    let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("waterline-cli-server-\(UUID().uuidString)")
    private var process: Process?
    /// Where it listens, once started.
    private(set) var url = ""

    /// A session token for the person with Apple subject `sub`, made while the server is stopped
    /// (`token` needs the data directory to itself).
    func token(appleSub sub: String) async throws -> String {
        let made = try await CLI().run(executable: Self.binary, ["token", "--apple-sub", sub, "--data-dir", dataDirectory.path], environment: Self.environment)
        guard made.status == 0 else { throw ServerProcessError("token: \(made.stderr)") }
        return made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Starts the server and returns once it says where it listens (within a minute).
    func start() async throws {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["--data-dir", dataDirectory.path, "--host", "127.0.0.1", "--port", "0"]
        process.environment = ProcessInfo.processInfo.environment.merging(Self.environment) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        let line = await output.text(until: "\n").split(separator: "\n").first.map(String.init)
        guard let line, let range = line.range(of: "http://"), let end = line[range.lowerBound...].firstIndex(of: " ") else {
            stop()
            throw ServerProcessError("waterline-server did not say where it listens: \(line ?? "nothing")")
        }
        url = String(line[range.lowerBound..<end])
    }

    /// Stops the server (SIGTERM, as a service manager would) and waits for it to end.
    func stop() {
        guard let process, process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit {
        stop()
    }

    /// The server keeps its data in its own directory here, whatever the machine's environment says.
    private static let environment = ["WATERLINE_DATABASE_URL": "", "WATERLINE_PORT": "", "WATERLINE_HOST": ""]
}

struct ServerProcessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
