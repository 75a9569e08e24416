import WaterlineSQLite
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes committed transactions durable on a thread of its own, so the database thread goes on
/// running statements while the disk catches up.
///
/// SQLite runs with `synchronous = NORMAL`: a commit writes its WAL frames but does not wait for
/// the disk, and SQLite still syncs around every checkpoint itself. After each commit, its jobs
/// are handed here; one `fsync` of the WAL covers every commit made before it began, and only
/// then are those jobs answered. An acknowledged write is therefore on disk, as with
/// `synchronous = FULL`, without the database thread ever waiting for it.
final class WALSyncer: @unchecked Sendable {
    private let descriptor: Int32
    private let condition = NSCondition()
    private var committed: [SQLiteGroupCommit.Job] = []
    private var syncing = false
    /// Jobs of the sync under way.
    private var inFlight = 0
    private var stopping = false
    private var finished = false
    /// Signalled whenever the syncer runs out of work.
    private let idle: NSCondition
    private let sync: @Sendable (Int32) -> Int32

    /// Opens the WAL file beside the database at `databasePath` (created empty if SQLite has not
    /// yet); `idle` is signalled each time everything handed over is answered. `sync` is `fsync`
    /// (a test holds it to see what waits for the disk).
    init(databasePath: String, signallingWhenIdle idle: NSCondition, sync: @escaping @Sendable (Int32) -> Int32 = { fsync($0) }) throws {
        self.idle = idle
        self.sync = sync
        let path = databasePath + "-wal"
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw SQLiteFailure(code: 14, message: "could not open \(path): \(String(cString: strerror(errno)))")
        }
        let thread = Thread { [self] in
            nameCurrentThread("waterline-sync")
            loop()
        }
        thread.start()
    }

    /// Answers `jobs` once what their transaction wrote is on disk.
    func answerWhenDurable(_ jobs: [SQLiteGroupCommit.Job]) {
        guard !jobs.isEmpty else { return }
        condition.lock()
        committed.append(contentsOf: jobs)
        condition.signal()
        condition.unlock()
    }

    /// Nothing is waiting to be synced or being synced: a commit now would be synced at once.
    var isIdle: Bool {
        condition.lock()
        defer { condition.unlock() }
        return committed.isEmpty && !syncing
    }

    /// Jobs handed over and not yet answered (being synced, or waiting for the next sync).
    var waiting: Int {
        condition.lock()
        defer { condition.unlock() }
        return committed.count + inFlight
    }

    /// Waits until every job handed over so far is answered, then stops the thread.
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        while !finished { condition.wait() }
        condition.unlock()
        close(descriptor)
    }

    private func loop() {
        while true {
            condition.lock()
            while committed.isEmpty && !stopping { condition.wait() }
            if committed.isEmpty {
                finished = true
                condition.broadcast()
                condition.unlock()
                return
            }
            let jobs = committed
            committed.removeAll(keepingCapacity: true)
            syncing = true
            inFlight = jobs.count
            condition.unlock()
            if sync(descriptor) == 0 {
                for job in jobs { job.done(nil) }
            } else {
                let failure = SQLiteFailure(code: 10, message: "the write could not be made durable: \(String(cString: strerror(errno)))")
                for job in jobs { job.done(failure) }
            }
            condition.lock()
            syncing = false
            inFlight = 0
            let nowIdle = committed.isEmpty
            condition.unlock()
            if nowIdle {
                idle.lock()
                idle.signal()
                idle.unlock()
            }
        }
    }
}
