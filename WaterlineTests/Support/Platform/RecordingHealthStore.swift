import Foundation
@testable import WaterlineCore

/// Apple Health as HealthKit keeps an app's samples: by sync identifier, a save replacing the
/// kept sample only with a higher sync version (an equal or lower one changes nothing); nothing
/// saved without the person's permission, which is asked once
/// (https://developer.apple.com/documentation/healthkit/hkmetadatakeysyncversion).
final class RecordingHealthStore: HealthStoreWriting, @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String: HealthSample] = [:]
    private var asked = false
    /// What the person answers the permission sheet: whether they allow anything, and the kinds
    /// they leave off (the sheet lists each kind with its own switch).
    var allows = true
    var refused: Set<HealthSample.Kind> = []
    /// The phone is locked: HealthKit's store is protected and refuses writes
    /// (https://developer.apple.com/documentation/healthkit/protecting-user-privacy).
    var locked = false
    /// Saves made (each a batch), for tests of what reached Health.
    private(set) var saveCalls = 0
    /// The process's log, when the store stands in a process's; every ask, save and delete is
    /// recorded there (and fails a test that did not expect Health).
    var log: PlatformLog?

    /// Waterline's samples in Health now, by sync identifier.
    var samples: [String: HealthSample] { lock.withLock { kept } }

    func requestWriting() async -> Set<HealthSample.Kind> {
        await log?.record(.health, "ask to write")
        lock.withLock { asked = true }
        return await allowedKinds()
    }

    func allowedKinds() async -> Set<HealthSample.Kind> {
        lock.withLock { asked && allows ? Set(HealthSample.Kind.allCases).subtracting(refused) : [] }
    }

    func save(_ new: [HealthSample]) async throws {
        await log?.record(.health, "save \(new.count)")
        try lock.withLock {
            // HealthKit refuses a save holding any kind the app may not write: the whole save fails.
            guard asked, allows, new.allSatisfy({ !refused.contains($0.kind) }) else { throw CocoaError(.userCancelled) }
            guard !locked else { throw CocoaError(.fileReadNoPermission) }
            saveCalls += 1
            for sample in new where (kept[sample.syncIdentifier]?.syncVersion ?? Int.min) < sample.syncVersion {
                kept[sample.syncIdentifier] = sample
            }
        }
    }

    func delete(syncIdentifiers: [String]) async throws {
        await log?.record(.health, "delete \(syncIdentifiers.count)")
        try lock.withLock {
            guard asked, allows else { throw CocoaError(.userCancelled) }
            for id in syncIdentifiers { kept[id] = nil }
        }
    }

    /// Whether removing what the app wrote fails (Health's database locked with the phone).
    var failsDeletingEverything = false

    func deleteEverythingWritten() async throws {
        await log?.record(.health, "delete everything written")
        try lock.withLock {
            if failsDeletingEverything { throw CocoaError(.fileWriteNoPermission) }
            kept = [:]
        }
    }
}

/// `HealthPreferences` in memory.
final class MemoryHealthPreferences: HealthPreferences, @unchecked Sendable {
    private let lock = NSLock()
    private var on = false
    private var cursor = 0

    var isWritingToHealth: Bool {
        get { lock.withLock { on } }
        set { lock.withLock { on = newValue } }
    }

    var healthCursor: Int {
        get { lock.withLock { cursor } }
        set { lock.withLock { cursor = newValue } }
    }
}
