import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Write transactions of every process that opens one store file (the app, the intents, widget
/// and notification extensions share the App Group's), made one at a time without a lock that can
/// outlive a moment: iOS ends a suspended app that holds a file lock in a shared container
/// (0xdead10cc), and a suspended holder would block every other process's write without end.
///
/// Optimistic, on a small file beside the store: it holds a generation, the number of write
/// transactions that have committed. A transaction notes the generation (under a shared `flock`
/// taken and dropped at once), reads and writes in its own unsaved context, then commits only if
/// the generation is still the one it noted: the exclusive `flock` is held for that check, the
/// save and the increment, all synchronous, and never across an `await`. A transaction that lost
/// the race discards what it did and runs again from fresh reads. A lock the file's other holders
/// keep past `wait` (a stalled process) is an error that says so, `SessionStoreError.busy`, with
/// nothing saved; the wait itself polls, holding nothing.
public final class StoreCommitLock: Sendable {
    /// How many times a transaction that lost the race runs again before it gives up.
    public static let attempts = 32

    public let path: String
    /// The longest a transaction waits for another process's lock.
    public let wait: Duration
    private let descriptor: Int32

    /// The lock kept in the file at `path` (made 0600 if missing); nil where it cannot be opened.
    public init?(path: String, wait: Duration = .seconds(2)) {
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        self.path = path
        self.wait = wait
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Runs a write transaction: `body` reads and writes in a context of the caller's that
    /// nothing has saved, `save` saves it, `discard` throws it away. `body` may run more than once
    /// (another process committed while it ran), each time after `discard`; it is run in the
    /// caller's isolation, and `save` only while this process holds the lock, synchronously.
    public func transaction<T>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> T,
        save: () throws -> Void,
        discard: () -> Void
    ) async throws -> T {
        for _ in 0..<Self.attempts {
            let seen = try await holding(LOCK_SH) { try readGeneration() }
            let value: T
            do {
                value = try await body()
            } catch {
                discard()
                throw error
            }
            let committed: Bool
            do {
                committed = try await holding(LOCK_EX) {
                    guard try readGeneration() == seen else { return false }
                    try save()
                    try writeGeneration(seen &+ 1)
                    return true
                }
            } catch {
                discard()
                throw error
            }
            if committed { return value }
            discard()
        }
        throw SessionStoreError.busy
    }

    /// The number of write transactions committed through this file, under a shared lock.
    public func generation(isolation: isolated (any Actor)? = #isolation) async throws -> UInt64 {
        try await holding(LOCK_SH) { try readGeneration() }
    }

    /// Polls at least this many times before giving up, however long each poll's sleep took: a
    /// process starved of time (not a stalled holder) does not give up after one look.
    static let leastPolls = 25

    /// Takes the lock (`LOCK_SH` or `LOCK_EX`) without blocking, polling until `wait` has passed,
    /// runs `critical` and releases: between taking and releasing there is no suspension point.
    private func holding<T>(
        isolation: isolated (any Actor)? = #isolation, _ operation: Int32, _ critical: () throws -> T
    ) async throws -> T {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: wait)
        var polls = 0
        while true {
            if flock(descriptor, operation | LOCK_NB) == 0 {
                defer { flock(descriptor, LOCK_UN) }
                return try critical()
            }
            let failure = errno
            guard failure == EWOULDBLOCK || failure == EINTR else { throw SessionStoreError.busy }
            polls += 1
            guard clock.now < deadline || polls < Self.leastPolls else { throw SessionStoreError.busy }
            try await Task.sleep(for: .milliseconds(4))
        }
    }

    private func readGeneration() throws -> UInt64 {
        var bytes = [UInt8](repeating: 0, count: 8)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 8, 0) }
        guard count == 8 else { return 0 }
        return bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    private func writeGeneration(_ value: UInt64) throws {
        let bytes = (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, 8, 0) }
        guard written == 8 else { throw SessionStoreError.busy }
    }
}
