import Foundation

/// Runs the built `waterline` binary in its own home directory.
struct CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    let home: URL
    var now: Date?

    init(now: Date? = nil) {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("waterline-cli-\(UUID().uuidString)")
        self.now = now
    }

    /// The binary sits beside the test bundle in the build folder.
    static let binary = built("waterline")

    /// A binary of this package, found beside the test bundle in the build folder.
    static func built(_ name: String) -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: name)
    }

    @discardableResult
    func run(_ arguments: String..., input: String? = nil) async throws -> Result {
        try await run(arguments, input: input)
    }

    /// Runs `executable` (the built `waterline` by default) with this home and clock; `environment` adds or overrides.
    func run(
        executable: URL = CLI.binary, _ arguments: [String], input: String? = nil, environment extra: [String: String] = [:]
    ) async throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment(extra)
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        let finished = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { finished.continuation.yield($0.terminationStatus) }
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        // Read on a thread of their own: the reads block until the process ends, and a server
        // the process talks to in this test process answers on Swift's shared threads.
        let (out, err) = await withCheckedContinuation { (continuation: CheckedContinuation<(Data, Data), Never>) in
            Thread {
                let out = stdout.fileHandleForReading.readDataToEndOfFile()
                let err = stderr.fileHandleForReading.readDataToEndOfFile()
                continuation.resume(returning: (out, err))
            }.start()
        }
        var statuses = finished.stream.makeAsyncIterator()
        let status = await statuses.next() ?? -1
        return Result(status: status, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// This process's environment with this home and clock; `extra` adds or overrides.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["WATERLINE_HOME"] = home.path
        environment["TZ"] = "UTC"
        if let now { environment["WATERLINE_NOW"] = String(now.timeIntervalSince1970) } else { environment["WATERLINE_NOW"] = nil }
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Everything the store holds, as the JSON read commands print it, to prove a refusal changed nothing.
    func snapshot() async throws -> String {
        var parts: [String] = []
        for command in [["sessions", "--json"], ["settings", "--json"], ["presets", "list", "--json"], ["status", "--json"]] {
            parts.append(try await run(command).stdout)
        }
        if try await run("sessions", "--json").stdout.contains("sessionId") {
            parts.append(try await run("log", "--json").stdout)
        }
        return parts.joined(separator: "\n")
    }

    func json(_ arguments: String...) async throws -> Any {
        let result = try await run(arguments)
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }
}
