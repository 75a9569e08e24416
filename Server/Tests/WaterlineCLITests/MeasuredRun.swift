import Foundation

/// Runs the built `waterline` and reports its peak resident memory, the kernel's count for that
/// process alone.
///
/// The child is started by a small Python process, not by this one: a process started from the
/// test process (`posix_spawn` shares its memory until `exec`) inherits the test process's own
/// peak into its count, hundreds of megabytes that are not the command's.
struct MeasuredRun {
    var status: Int32
    var stderr: String
    /// The command's peak resident set, in bytes.
    var peakBytes: Int

    private static let measure = """
    import resource, subprocess, sys
    status = subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL).returncode
    print(status, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    """

    static func run(_ cli: CLI, _ arguments: [String], executable: URL = CLI.binary) async throws -> MeasuredRun {
        let python = URL(fileURLWithPath: "/usr/bin/env")
        let result = try await cli.run(executable: python, ["python3", "-c", measure, executable.path] + arguments)
        let fields = result.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard result.status == 0, fields.count == 2 else {
            throw MeasuredRunError(description: "could not measure `waterline \(arguments.joined(separator: " "))`: \(result.stderr)")
        }
        // Linux counts kilobytes, macOS bytes.
        #if os(Linux)
        let peak = fields[1] * 1_024
        #else
        let peak = fields[1]
        #endif
        return MeasuredRun(status: Int32(fields[0]), stderr: result.stderr, peakBytes: peak)
    }
}

struct MeasuredRunError: Error, CustomStringConvertible {
    var description: String
}
