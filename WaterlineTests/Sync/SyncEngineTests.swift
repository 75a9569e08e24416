import Foundation
import Testing
@testable import WaterlineKit

@Suite("Sync engine")
struct SyncEngineTests {
    let url = URL(string: "https://example.convex.cloud")!

    func engine(_ transport: ScriptedTransport, store: InMemorySessionStore, clock: RecordingSyncClock = RecordingSyncClock(), maxRetries: Int = 3) -> SyncEngine {
        SyncEngine(
            store: store, client: ConvexClient(baseURL: url, transport: transport, token: { "t" }), clock: clock,
            backoff: Backoff(baseSeconds: 1, capSeconds: 8, maxRetries: maxRetries), random: { 0.5 }
        )
    }

    func preparedStore() async throws -> ServiceHarness {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        _ = try await harness.service.quickLog(.alcohol, source: .phone)
        return harness
    }

    @Test("drains in order with the right function per record, and empties the outbox")
    func drain() async throws {
        let harness = try await preparedStore()
        let transport = ScriptedTransport()
        let status = await engine(transport, store: harness.store).drain()
        #expect(status.phase == .synced)
        #expect(status.pendingCount == 0)
        #expect(status.lastSyncedAt == Fixed.start)
        #expect(transport.paths == ["settings:upsert"] + Array(repeating: "presets:upsert", count: 5) + ["sessions:upsert", "logEntries:upsert"])
        #expect(await harness.store.pendingChanges().isEmpty)
    }

    @Test("defaults nobody chose are not pushed (the account's own settings must win)")
    func untouchedDefaults() async throws {
        let harness = ServiceHarness()
        try await harness.service.prepare()
        #expect(try await harness.service.settings().isUntouched)
        let transport = ScriptedTransport()
        let status = await engine(transport, store: harness.store).drain()
        #expect(status.phase == .synced)
        #expect(status.failedCount == 0)
        #expect(!transport.paths.contains("settings:upsert"))
        #expect(await harness.store.pendingChanges().isEmpty)
    }

    @Test("deletes go as tombstones through the delete functions")
    func deletes() async throws {
        let harness = try await preparedStore()
        let transport = ScriptedTransport()
        let sync = engine(transport, store: harness.store)
        await sync.drain()
        let active = try #require(await harness.store.activeSession())
        let log = try #require(await harness.store.logs(sessionId: active.id).first)
        _ = try await harness.service.deleteLog(id: log.id)
        let preset = try #require(try await harness.service.presets().first)
        try await harness.service.deletePreset(id: preset.id)
        // The echo answers the tombstone args, so answer with the full record instead.
        let tombstones = ScriptedTransport(fallback: { path, args in
            let value: Any = path == "logEntries:delete"
                ? try! JSONSerialization.jsonObject(with: WaterlineCoding.encoder().encode({ var l = log; l.deletedAt = Fixed.start; l.updatedAt = Fixed.start; return l }()))
                : try! JSONSerialization.jsonObject(with: WaterlineCoding.encoder().encode(PresetRecord({ var p = preset; p.deletedAt = Fixed.start; p.updatedAt = Fixed.start; return p }())))
            let data = try! JSONSerialization.data(withJSONObject: ["status": "success", "value": value])
            return .json(200, String(decoding: data, as: UTF8.self))
        })
        await engine(tombstones, store: harness.store).drain()
        #expect(tombstones.paths == ["logEntries:delete", "presets:delete"])
        #expect(tombstones.sent.first?.args.keys.sorted() == ["deletedAt", "id"])
    }

    @Test("network failures retry with capped exponential backoff, then report offline and keep everything")
    func backoff() async throws {
        let harness = try await preparedStore()
        let clock = RecordingSyncClock()
        let transport = ScriptedTransport(Array(repeating: .offline, count: 10))
        let status = await engine(transport, store: harness.store, clock: clock, maxRetries: 5).drain()
        #expect(status.phase == .offline)
        #expect(status.pendingCount == 8)
        // Half the capped step plus half of the other half (random 0.5): 0.75 × 1, 2, 4, 8, 8.
        #expect(clock.sleeps == [0.75, 1.5, 3, 6, 6])
        #expect(transport.paths.count == 6)
    }

    @Test("a server error is retried and then the drain carries on")
    func transientServerError() async throws {
        let harness = try await preparedStore()
        let transport = ScriptedTransport([.json(502, "bad gateway"), ScriptedTransport.functionError("INTERNAL")])
        let status = await engine(transport, store: harness.store).drain()
        #expect(status.phase == .synced)
        #expect(transport.paths.prefix(3) == ["settings:upsert", "settings:upsert", "settings:upsert"])
    }

    @Test("a refused change is marked failed, its data kept, and the rest still syncs")
    func refused() async throws {
        let harness = try await preparedStore()
        let transport = ScriptedTransport([ScriptedTransport.functionError("INVALID_ARGUMENT", "waterEveryNDrinks must be 1 or more")])
        let status = await engine(transport, store: harness.store).drain()
        #expect(status.phase == .synced)
        #expect(status.failedCount == 1)
        #expect(status.lastError?.contains("waterEveryNDrinks") == true)
        #expect(await harness.store.user()?.settings != nil)
        #expect(await harness.store.pendingChanges().map(\.isFailed) == [true])
    }

    @Test("an expired session token stops the drain until the person signs in again")
    func signedOut() async throws {
        let harness = try await preparedStore()
        let transport = ScriptedTransport([ScriptedTransport.functionError("UNAUTHENTICATED", "the session token has expired")])
        let status = await engine(transport, store: harness.store).drain()
        #expect(status.phase == .signedOut)
        #expect(status.pendingCount == 8)
        #expect(transport.paths.count == 1)
    }

    @Test("the status model shows calm words and symbols")
    @MainActor
    func statusModel() {
        let model = SyncStatusModel()
        #expect(model.accessibilityLabel == "Synced")
        model.update(SyncStatus(phase: .offline, pendingCount: 3))
        #expect(model.accessibilityLabel == "Offline, 3 changes saved on this device")
        #expect(model.symbolName == "icloud.slash")
    }
}
