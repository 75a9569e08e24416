import Foundation
import WaterlineCore
import WaterlineStorage

/// Apple Health, opt-in and write-only, on the phone: every log in the phone's store (its own, the
/// watch's once they reach it, other devices' by a pull) gets its sample (`HealthSample`), an
/// edited one its sample replaced, a deleted one its sample removed. It follows the store's change
/// feed from a cursor of its own, so no writer has to remember it: whatever wrote the log, and
/// whichever process, the next catch-up finds it. Nothing is written while Health is off.
public actor HealthWriter {
    /// Feed entries read per step.
    static let page = 200

    private let store: any SyncStore
    private let health: any HealthStoreWriting
    private let preferences: any HealthPreferences
    private let gate = SerialGate()
    /// The kinds allowed at the last catch-up (in this process).
    private var lastAllowed: Set<HealthSample.Kind>?

    public init(store: any SyncStore, health: any HealthStoreWriting, preferences: any HealthPreferences) {
        self.store = store
        self.health = health
        self.preferences = preferences
    }

    public var isOn: Bool { preferences.isWritingToHealth }

    /// Writes every log the feed has after the cursor, one page at a time, of the kinds the person
    /// allows (a kind refused does not hold back the other); the cursor moves only past what
    /// Health took, so a failure (Health unavailable, the phone locked) is tried again at the next
    /// change, activation or background refresh. A kind allowed later in the Health app is
    /// written from the start (by sync identifier, so nothing twice). Nothing while Health is off.
    public func catchUp() async {
        await gate.run {
            let allowed = await health.allowedKinds()
            if let before = lastAllowed, !allowed.isSubset(of: before) { preferences.healthCursor = 0 }
            lastAllowed = allowed
            while preferences.isWritingToHealth {
                let cursor = preferences.healthCursor
                guard let page = try? await store.logFeed(after: cursor, limit: Self.page), page.cursor > cursor else { return }
                let samples = page.logs.compactMap(HealthSample.init).filter { allowed.contains($0.kind) }
                let removed = page.logs.filter { $0.deletedAt != nil }.map { HealthSample.syncIdentifier(of: $0.id) }
                do {
                    if !samples.isEmpty { try await health.save(samples) }
                    if !removed.isEmpty { try await health.delete(syncIdentifiers: removed) }
                } catch {
                    return
                }
                preferences.healthCursor = page.cursor
            }
        }
    }

    /// "Write to Apple Health" turned on: the system's sheet, then every log so far. False when
    /// the person did not allow it (Health stays off).
    public func turnOn() async -> Bool {
        let allowed = await health.requestWriting()
        guard !allowed.isEmpty else { return false }
        lastAllowed = allowed
        preferences.isWritingToHealth = true
        preferences.healthCursor = 0
        await catchUp()
        return true
    }

    /// Turned off: nothing more is written; `removing` also takes away what Waterline wrote (the
    /// person is asked). Turned on again later, everything is written again (by sync identifier,
    /// so nothing twice).
    public func turnOff(removing: Bool) async throws {
        await gate.run {
            preferences.isWritingToHealth = false
            preferences.healthCursor = 0
        }
        if removing { try await health.deleteEverythingWritten() }
    }
}

extension HealthWriter: HealthSwitch {
    public func refusedKinds() async -> Set<HealthSample.Kind> {
        Set(HealthSample.Kind.allCases).subtracting(await health.allowedKinds())
    }
}
