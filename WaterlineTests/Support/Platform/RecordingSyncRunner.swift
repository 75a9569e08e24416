import Foundation
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// The sync engine as the runtime's scheduler runs it: counts pulls and pushes, in the log's
/// order, and writes to the store what the test says the next pull brings (as the engine does:
/// the runtime learns of it from the store's change feed, not from the report).
final class RecordingSyncRunner: SyncRunner, @unchecked Sendable {
    private let lock = NSLock()
    private var counts = (pulls: 0, pushes: 0)
    private var bringing: (@Sendable () async -> Void)?
    private let log: PlatformLog

    init(log: PlatformLog) {
        self.log = log
    }

    /// What every run reports as the status it left (the test sets it).
    var status: SyncStatus {
        get { lock.withLock { reported } }
        set { lock.withLock { reported = newValue } }
    }
    private var reported = SyncStatus()

    var pulls: Int { lock.withLock { counts.pulls } }
    var pushes: Int { lock.withLock { counts.pushes } }

    /// The next pull writes what `write` writes.
    func nextPullBrings(_ write: @escaping @Sendable () async -> Void) {
        lock.withLock { bringing = write }
    }

    func pull() async -> SyncReport {
        let write = lock.withLock {
            counts.pulls += 1
            defer { bringing = nil }
            return bringing
        }
        await write?()
        await log.record(.sync, "pull")
        return SyncReport(status: status)
    }

    func push() async -> SyncReport {
        lock.withLock { counts.pushes += 1 }
        await log.record(.sync, "push")
        return SyncReport(status: status)
    }

    /// How many refused changes the backend holds against this device (the test sets it).
    var refused: Int {
        get { lock.withLock { refusedCount } }
        set { lock.withLock { refusedCount = newValue } }
    }
    private var refusedCount = 0

    func releaseRefusals() async -> Int {
        let released = lock.withLock {
            defer { refusedCount = 0 }
            return refusedCount
        }
        await log.record(.sync, "release \(released) refusals")
        return released
    }

    /// The account it syncs (a test that signs in gives it a `SyncEngine` over its store); none by
    /// default, so signing in is refused as in a process that syncs no account.
    var account: (any SyncedAccount)? {
        get { lock.withLock { syncedAccount } }
        set { lock.withLock { syncedAccount = newValue } }
    }
    private var syncedAccount: (any SyncedAccount)?
}
