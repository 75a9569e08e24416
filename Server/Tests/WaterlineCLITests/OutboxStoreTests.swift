import Foundation
import SQLiteNIO
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync
import WaterlineSQLiteStore

/// The command line store's outbox: one row per record since schema 2 (the outbox's rules are
/// the shared conformance suite's, in `SQLiteStoreConformanceTests`).
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
        var changes = Dictionary(uniqueKeysWithValues: before.map { ($0.id, $0) })
        changes[before[0].id]?.revision = 2  // a second revision of the first, as a coalesced edit leaves it
        let json = String(decoding: try WaterlineCoding.encoder(pretty: false).encode(LegacyOutbox(changes: changes, nextSequence: before.count + 1)), as: UTF8.self)
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
}

/// Schema 1's outbox as the earlier `waterline` wrote it: one JSON value, changes keyed by record.
private struct LegacyOutbox: Encodable {
    var changes: [SyncKey: PendingChange]
    var nextSequence: Int
}
