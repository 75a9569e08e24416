import WaterlineSQLite
import Foundation
import SQLKit
import SQLiteNIO

/// The server's one SQLite connection, driven by one thread that runs every statement sent
/// to it in arrival order and commits them in groups.
///
/// Statements queue while the thread works; it then takes all of them (up to `maxBatch`) and
/// runs them inside one transaction. The transaction is committed when the `WALSyncer` is free
/// to sync it (while a sync is under way, later batches join the same transaction, so the pages
/// they share are written once), or once it holds `maxGroup` statements. A statement that wrote
/// is answered only once its commit is on disk; a read is answered at once unless it could have
/// seen a write not yet durable: one in the open group, or committed and not yet synced. (A pull
/// answered with a change number the disk does not hold yet would let a device's cursor pass
/// it; after a power cut the number would be given again to another write, which that device
/// would never pull.) A failing statement
/// fails alone (SQLite undoes just that statement); if SQLite rolls the whole transaction back,
/// or the commit fails, every write of the group fails with it and nothing was acknowledged.
///
/// Transaction control and `PRAGMA`s (migrations use them) run outside any group, in the
/// caller's own transaction if it opened one.
final class SQLiteGroupCommit: @unchecked Sendable {
    struct Job {
        let sql: String
        let binds: [SQLiteData]
        let onRow: @Sendable (any SQLRow) -> Void
        let done: @Sendable ((any Error)?) -> Void
        /// Part of a batch that waits for the disk once, at its barrier (`DeferredBatch`).
        var batch: DeferredBatch? = nil
        /// Runs no statement: answered once every earlier write of its batch is on disk.
        var isBarrier = false
        /// The rows `sql` answers when it does all it was given to do.
        var rows = 1
        /// More statements run right after `sql`, in order, in the same hand-over, each with the
        /// rows it should answer; the run stops after the first statement (`sql` included) that
        /// answers fewer.
        var following: [(sql: String, binds: [SQLiteData], rows: Int)] = []
    }

    static let maxBatch = 512
    static let maxGroup = 2_048

    private let condition: NSCondition
    private var pending: [Job] = []
    private var stopping = false
    private var stopped: CheckedContinuation<Void, Never>?
    private var finished = false

    // Touched by the worker thread only (and by `init` before it starts).
    private let handle: SQLiteHandle
    private let syncer: WALSyncer
    private let lock: DirectoryLock?
    private var groupOpen = false
    private var groupWrote = false
    private var awaitingCommit: [Job] = []
    /// Deferred batches with statements in the open group: lost with it if it is lost.
    private var groupBatches: [ObjectIdentifier: DeferredBatch] = [:]

    /// Opens the database at `path`, runs `setup` (pragmas) on it, and starts the thread.
    /// `setup` must leave the database in WAL mode with `synchronous = NORMAL`. `lock` is
    /// released when the database closes.
    init(
        path: String, setup: [String], holding lock: DirectoryLock? = nil,
        sync: @escaping @Sendable (Int32) -> Int32 = { fsync($0) }
    ) throws {
        self.lock = lock
        let condition = NSCondition()
        self.condition = condition
        handle = try SQLiteHandle(path: path)
        for statement in setup { try handle.run(statement) }
        syncer = try WALSyncer(databasePath: path, signallingWhenIdle: condition, sync: sync)
        let thread = Thread { [self] in
            nameCurrentThread("waterline-db")
            loop()
        }
        thread.start()
    }

    /// Statements waiting for the disk before they are answered (for tests).
    var awaitingDisk: Int { syncer.waiting }

    func submit(_ job: Job) {
        condition.lock()
        if stopping {
            condition.unlock()
            job.done(SQLiteFailure(code: 21, message: "the database is closed"))
            return
        }
        pending.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs what is queued, then closes the connection.
    func stop() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            condition.lock()
            if finished {
                condition.unlock()
                continuation.resume()
                return
            }
            stopping = true
            stopped = continuation
            condition.signal()
            condition.unlock()
        }
    }

    private func loop() {
        while true {
            condition.lock()
            while pending.isEmpty && !stopping && !(groupOpen && syncer.isIdle) { condition.wait() }
            if pending.isEmpty && groupOpen {
                // The syncer is free (or the database is closing): commit what the group holds.
                condition.unlock()
                commit()
                continue
            }
            if pending.isEmpty {
                finished = true
                let waiter = stopped
                condition.unlock()
                syncer.stop()
                handle.close()
                lock?.release()
                waiter?.resume()
                return
            }
            let batch: [Job]
            if pending.count <= Self.maxBatch {
                batch = pending
                pending.removeAll(keepingCapacity: true)
            } else {
                batch = Array(pending.prefix(Self.maxBatch))
                pending.removeFirst(Self.maxBatch)
            }
            condition.unlock()
            for job in batch { run(job) }
            if groupOpen, awaitingCommit.count >= Self.maxGroup || syncer.isIdle { commit() }
        }
    }

    private func run(_ job: Job) {
        if job.isBarrier {
            if groupOpen, groupWrote {
                // The open group may hold the batch's last writes: answered after its commit.
                awaitingCommit.append(job)
            } else {
                // Every write of the batch is committed: the next sync covers them.
                syncer.answerWhenDurable([job])
            }
            return
        }
        if Self.isControl(job.sql) {
            if groupOpen { commit() }
            do {
                try handle.run(job.sql, job.binds) { job.onRow($0) }
                // A caller's own COMMIT is answered, like any write, once it is on disk.
                if Self.endsTransaction(job.sql) {
                    syncer.answerWhenDurable([job])
                } else {
                    job.done(nil)
                }
            } catch {
                job.done(error)
            }
            return
        }
        if !groupOpen, handle.isAutocommit {
            do {
                try handle.run("BEGIN")
                groupOpen = true
            } catch {
                job.done(error)
                return
            }
        }
        // A deferred batch's statements are answered as they run: the group they run in is the
        // batch's from the start, so a group lost later (or a statement failing part way through
        // a run) cannot leave the batch's barrier believing them durable.
        if let batch = job.batch, groupOpen { groupBatches[ObjectIdentifier(batch)] = batch }
        do {
            var wrote = false
            for (sql, binds, rows) in [(job.sql, job.binds, job.rows)] + job.following {
                var answered = 0
                let mayWrite = try handle.run(sql, binds) { row in
                    answered += 1
                    job.onRow(row)
                }
                wrote = wrote || mayWrite
                if !job.following.isEmpty, answered < rows { break }
            }
            guard groupOpen else {
                // Inside a transaction a caller opened: its COMMIT is what makes this durable.
                job.done(nil)
                return
            }
            groupWrote = groupWrote || wrote
            if job.batch != nil {
                // Answered now; its batch's barrier waits for the disk.
                job.done(nil)
            } else if groupWrote {
                awaitingCommit.append(job)
            } else if !syncer.isIdle {
                // Earlier groups are committed but may not be on disk yet: what this read saw
                // of them is answered once they are.
                syncer.answerWhenDurable([job])
            } else {
                job.done(nil)
            }
        } catch {
            if groupOpen, handle.isAutocommit {
                // SQLite rolled the whole group back (out of space, I/O): its writes are gone.
                fail(awaitingCommit, error)
                awaitingCommit.removeAll()
                for batch in groupBatches.values { batch.fail(error) }
                groupBatches.removeAll()
                groupOpen = false
                groupWrote = false
            }
            job.done(error)
        }
    }

    private func commit() {
        var jobs = awaitingCommit
        awaitingCommit.removeAll()
        let batches = Array(groupBatches.values)
        groupBatches.removeAll()
        groupOpen = false
        groupWrote = false
        if !batches.isEmpty {
            // Ahead of any barrier in the same sync: a failed sync marks the batches first.
            jobs.insert(Job(sql: "", binds: [], onRow: { _ in }, done: { error in
                if let error { for batch in batches { batch.fail(error) } }
            }), at: 0)
        }
        do {
            try handle.run("COMMIT")
            syncer.answerWhenDurable(jobs)
        } catch {
            if !handle.isAutocommit { _ = try? handle.run("ROLLBACK") }
            fail(jobs, error)
        }
    }

    private func fail(_ jobs: [Job], _ error: any Error) {
        for job in jobs { job.done(error) }
    }

    static func endsTransaction(_ sql: String) -> Bool {
        let head = sql.drop { $0.isWhitespace }.prefix(6).uppercased()
        return head.hasPrefix("COMMIT") || head.hasPrefix("END")
    }

    /// Statements that must not run inside a group: they open or end transactions, or (pragmas)
    /// do nothing inside one.
    static func isControl(_ sql: String) -> Bool {
        let head = sql.drop { $0.isWhitespace }.prefix(9).uppercased()
        return ["BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE", "PRAGMA", "VACUUM"].contains { head.hasPrefix($0) }
    }
}
