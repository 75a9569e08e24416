import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on `waterline.lock` in the data directory, held while the server's
/// SQLite database is open: one server per directory, so what this process remembers about the
/// database (`ValidTokenCache`) cannot be changed behind its back.
final class DirectoryLock: @unchecked Sendable {
    private var descriptor: Int32

    init(in directory: URL) throws {
        let path = directory.appendingPathComponent("waterline.lock").path
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw FunctionError(.internal, "could not open \(path): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw DataDirectoryInUse(directory: directory)
        }
    }

    deinit { release() }

    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)  // Closing the descriptor releases the lock.
        descriptor = -1
    }
}

/// Another process (a running `waterline-server`) holds the data directory.
public struct DataDirectoryInUse: Error, CustomStringConvertible {
    public let directory: URL

    public var description: String {
        "\(directory.path) is in use by another process (one waterline-server per data directory)"
    }
}
