import Foundation
import SQLiteNIO
import Testing
import WaterlineKit
import WaterlineStore

/// The command line store's outbox: one row per record since schema 2.
@Suite("waterline store: the outbox as rows")
struct OutboxStoreTests {
    static func path() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("waterline-outbox-\(UUID().uuidString)/waterline.sqlite").path
    }

    @Test("a store whose outbox was one JSON value keeps every waiting change, in order, when it opens")
    func oldOutboxMigrates() async throws {
        let path = Self.path()
        let store = try await SQLiteSessionStore.open(path: path)
        let service = SessionService(store: store)
        _ = try await service.prepare(settings: UserSettings(waterEveryNDrinks: 4))
        _ = try await service.startSession()
        for _ in 0..<3 { _ = try await service.quickLog(.water, source: .phone) }
        let pending = try await store.pendingChanges()
        try await store.failChange(pending[1].id, revision: pending[1].revision, reason: "refused")
        let before = try await store.pendingChanges()
        await store.close()

        // Turn it back into a schema-1 store, as the previous waterline wrote it.
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        var outbox = Outbox(changes: before)
        outbox.enqueue(before[0].payload)  // a second revision of the first, as a coalesced edit leaves it
        let json = String(decoding: try WaterlineCoding.encoder(pretty: false).encode(outbox), as: UTF8.self)
        _ = try await connection.query("DROP TABLE outbox_changes")
        _ = try await connection.query("DROP TABLE sync_state")
        _ = try await connection.query("CREATE TABLE outbox (id INTEGER PRIMARY KEY CHECK (id = 1), body TEXT NOT NULL)")
        _ = try await connection.query("INSERT INTO outbox (id, body) VALUES (1, ?)", [.text(json)])
        _ = try await connection.query("PRAGMA user_version = 1")
        try await connection.close()

        let reopened = try await SQLiteSessionStore.open(path: path)
        let after = try await reopened.pendingChanges()
        #expect(after.map(\.id) == before.map(\.id))
        #expect(after.map(\.isFailed) == before.map(\.isFailed))
        #expect(after.first?.revision == 2)
        #expect(try await reopened.outboxCounts() == OutboxCounts(pending: before.count - 1, failed: 1))
        // New changes queue after the migrated ones.
        _ = try await SessionService(store: reopened).quickLog(.water, source: .phone)
        #expect(try await reopened.pendingChanges().count == before.count + 1)
        await reopened.close()
    }

    @Test("batches, settling, a pulled page with its cursor, and requeueing everything, on disk")
    func syncSteps() async throws {
        let store = try await SQLiteSessionStore.open(path: Self.path())
        let service = SessionService(store: store)
        _ = try await service.prepare()
        let night = try await service.startSession().session
        for _ in 0..<4 { _ = try await service.quickLog(.alcohol, source: .phone) }
        let all = try await store.pendingChanges()
        #expect(all.count == 5 + 1 + 4, "presets, the session and the logs; untouched settings are never queued")
        let batch = try await store.nextChanges(limit: 3)
        #expect(batch == Array(all.prefix(3)))
        try await store.settle(batch.map { PushedChange(key: $0.id, revision: $0.revision, stored: $0.payload) })
        #expect(try await store.nextChanges(limit: 100) == Array(all.dropFirst(3)))

        let account = UUID()
        let other = SessionRecord(id: UUID(), startTime: night.startTime.addingTimeInterval(-86_400), endTime: night.startTime.addingTimeInterval(-80_000),
                                  isActive: false, updatedAt: night.startTime)
        let water = LogEntry.water(id: UUID(), sessionId: other.id, at: other.startTime, amountOz: 8)
        let unplaced = try await store.applyPage([.logEntry(water), .session(other)], cursor: SyncCursor(accountId: account, position: 42))
        #expect(unplaced.isEmpty)
        #expect(try await store.logs(sessionId: other.id).map(\.id) == [water.id])
        #expect(try await store.syncCursor() == SyncCursor(accountId: account, position: 42))

        try await store.requeueAll()
        let keys = Set(try await store.pendingChanges().map(\.id))
        #expect(keys.contains(SyncKey(entity: .session, id: other.id)))
        #expect(keys.contains(SyncKey(entity: .logEntry, id: water.id)))
        try await store.deleteAll()
        #expect(try await store.syncCursor() == nil)
        #expect(try await store.pendingChanges().isEmpty)
        await store.close()
    }
}
