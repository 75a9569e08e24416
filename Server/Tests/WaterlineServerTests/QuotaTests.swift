import Foundation
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineStorage
import WaterlineSync
@testable import WaterlineServer
import SQLKit

/// Records one account may keep: past them, new records are refused and updates still pass.
/// Deleted records do not count against the live limit; counting them, an account keeps at most
/// `Limits.keptPerLive` times as many.
@Suite("Quotas per account")
struct QuotaTests {
    @Test("presets: the 101st is refused, an edit of a kept one is not", arguments: StorageKind.available)
    func presets(storage: StorageKind) async throws {
        let (server, api) = try await TestServer.withSignedInClient(storage)
        let kept = try await (0..<Limits.presetsPerAccount).asyncMap { number in
            try await api.call(Presets.Upsert.self, Records.preset(name: "Preset \(number)"))
        }
        #expect(await api.failureCode(Presets.Upsert.self, Records.preset(name: "One too many")) == .quotaExceeded)
        var renamed = try #require(kept.first)
        renamed.name = "Renamed"
        renamed.updatedAt = Records.at(1)
        #expect(try await api.call(Presets.Upsert.self, renamed).name == "Renamed")
        await server.stop()
    }

    @Test("presets: a deleted one frees its place, so replacing presets never runs into the quota", arguments: StorageKind.available)
    func deletedFreesItsPlace(storage: StorageKind) async throws {
        let (server, api) = try await TestServer.withSignedInClient(storage)
        let kept = try await (0..<Limits.presetsPerAccount).asyncMap { number in
            try await api.call(Presets.Upsert.self, Records.preset(name: "Preset \(number)"))
        }
        // Delete one and add another, five times over: 105 ever existed, 100 live.
        for (round, preset) in kept.prefix(5).enumerated() {
            _ = try await api.call(Presets.Delete.self, Tombstone(id: preset.id, deletedAt: Records.at(Double(round + 1))))
            _ = try await api.call(Presets.Upsert.self, Records.preset(name: "Replacement \(round)"))
        }
        #expect(await api.failureCode(Presets.Upsert.self, Records.preset(name: "One too many")) == .quotaExceeded)
        // A tombstone of a preset the server never saw still lands (a device deleted it offline).
        var unseen = Records.preset(name: "Gone")
        unseen.deletedAt = Records.at(9)
        #expect(try await api.call(Presets.Upsert.self, unseen).deletedAt != nil)
        await server.stop()
    }

    @Test("presets: counting tombstones the account is bounded too", arguments: StorageKind.available)
    func tombstonesBounded(storage: StorageKind) async throws {
        let (server, api) = try await TestServer.withSignedInClient(storage)
        let caller = Caller(userId: try await api.call(Users.Me.self).id)
        // Filled in storage directly: ten times the quota, all deleted.
        for number in 0..<(Limits.presetsPerAccount * Limits.keptPerLive) {
            var gone = Records.preset(name: "Gone \(number)")
            gone.deletedAt = Records.at(1)
            _ = try await server.context.repository.upsertPreset(gone, for: caller)
        }
        let refused = await api.failureMessage(Presets.Upsert.self, Records.preset(name: "One more"))
        #expect(refused?.contains("deleted ones included") == true)
        await server.stop()
    }

    @Test("presets: many added at once never pass the quota", arguments: StorageKind.available)
    func concurrentAdds(storage: StorageKind) async throws {
        let (server, api) = try await TestServer.withSignedInClient(storage)
        let caller = Caller(userId: try await api.call(Users.Me.self).id)
        for number in 0..<(Limits.presetsPerAccount - 5) {
            _ = try await server.context.repository.upsertPreset(Records.preset(name: "Preset \(number)"), for: caller)
        }
        // Twenty adds race for the last five places.
        let repository = server.context.repository
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for number in 0..<20 {
                group.addTask { (try? await repository.upsertPreset(Records.preset(name: "Racer \(number)"), for: caller)) != nil }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 5)
        #expect(try await repository.presets(for: caller).count == Limits.presetsPerAccount)
        await server.stop()
    }

    /// PostgreSQL only: there two statements can each read the room before either writes, so its
    /// numbering trigger counts again after locking the account. (SQLite runs one statement at a
    /// time, so the room check inside each insert is the whole guard; `concurrentAdds` covers it.)
    @Test("PostgreSQL holds the quota itself: an insert that skips the room check is refused",
          arguments: StorageKind.available.filter { $0 == .postgres })
    func databaseHoldsIt(storage: StorageKind) async throws {
        let (server, api) = try await TestServer.withSignedInClient(storage)
        let caller = Caller(userId: try await api.call(Users.Me.self).id)
        let repository = server.context.repository
        for number in 0..<Limits.presetsPerAccount {
            _ = try await repository.upsertPreset(Records.preset(name: "Preset \(number)"), for: caller)
        }
        // As two racing inserts would each have read the room: a plain INSERT.
        let raw = repository.sql.raw("""
            INSERT INTO presets (id, owner_id, sort_order, updated_at, deleted_at, body)
            VALUES (\(bind: UUID().uuidString.lowercased()), \(bind: caller.key), 0, 0, NULL, '{}')
            """)
        await #expect { try await raw.run() } throws: { isQuotaViolation($0) }
        #expect(try await repository.presets(for: caller).count == Limits.presetsPerAccount)
        await server.stop()
    }

    @Test("logs: a session keeps at most its quota of logs; undone ones do not count", arguments: StorageKind.available)
    func logs(storage: StorageKind) async throws {
        let (server, api) = try await TestServer.withSignedInClient(storage)
        let session = Records.session()
        _ = try await api.call(Sessions.Upsert.self, session)
        // Filled in storage directly (1,000 calls would only time the HTTP stack).
        let caller = Caller(userId: try await api.call(Users.Me.self).id)
        var first: LogEntry?
        for minute in 0..<Limits.logsPerSession {
            let log = try await server.context.repository.upsertLog(Records.water(session: session.id, at: Double(minute) / 100), for: caller)
            if first == nil { first = log }
        }
        #expect(await api.failureCode(LogEntries.Upsert.self, Records.water(session: session.id, at: 20)) == .quotaExceeded)
        // Undo one: its place is free again.
        let undone = try #require(first)
        _ = try await api.call(LogEntries.Delete.self, Tombstone(id: undone.id, deletedAt: Records.at(30)))
        _ = try await api.call(LogEntries.Upsert.self, Records.water(session: session.id, at: 21))
        #expect(await api.failureCode(LogEntries.Upsert.self, Records.water(session: session.id, at: 22)) == .quotaExceeded)
        await server.stop()
    }

    @Test("batches of new logs crossing a session's quota, two at once: those that fit are stored, the rest refused, never more than the quota",
          arguments: StorageKind.available)
    func batchesAtTheQuota(storage: StorageKind) async throws {
        let (server, api) = try await TestServer.withSignedInClient(storage)
        let session = Records.session(end: 600)
        _ = try await api.call(Sessions.Upsert.self, session)
        let filled = Limits.logsPerSession - 10
        for start in stride(from: 0, to: filled, by: Limits.pushBatch) {
            let logs = (start..<min(filled, start + Limits.pushBatch)).map { SyncPayload.logEntry(Records.water(session: session.id, at: Double($0) / 100)) }
            #expect(try await api.call(Sync.Push.self, PushBatch(changes: logs)).results.allSatisfy(\.ok))
        }
        // Two batches of 20 race for the last 10 places.
        let outcomes = try await withThrowingTaskGroup(of: [ChangeOutcome].self) { group in
            for batch in 0..<2 {
                group.addTask {
                    let logs = (0..<20).map { SyncPayload.logEntry(Records.water(session: session.id, at: 20 + Double(batch * 20 + $0) / 100)) }
                    return try await api.call(Sync.Push.self, PushBatch(changes: logs)).results
                }
            }
            return try await group.reduce(into: [ChangeOutcome]()) { $0 += $1 }
        }
        #expect(outcomes.filter(\.ok).count == 10)
        #expect(outcomes.filter { !$0.ok }.allSatisfy { $0.code == ErrorCode.quotaExceeded.rawValue })
        #expect(try await api.call(LogEntries.ListForSession.self, .init(sessionId: session.id)).count == Limits.logsPerSession)
        await server.stop()
    }

    @Test("a log moved to another session meets that session's rules: not into a deleted session, not into a full one", arguments: StorageKind.available)
    func moves(storage: StorageKind) async throws {
        let (server, api) = try await TestServer.withSignedInClient(storage)
        let caller = Caller(userId: try await api.call(Users.Me.self).id)
        let from = Records.session(start: 0, end: 60, updated: 60)
        let full = Records.session(start: 100, end: 160, updated: 160)
        var deleted = Records.session(start: 200, end: 260, updated: 260)
        for session in [from, full, deleted] { _ = try await api.call(Sessions.Upsert.self, session) }
        deleted.deletedAt = Records.at(270)
        deleted.updatedAt = Records.at(270)
        _ = try await api.call(Sessions.Upsert.self, deleted)
        for minute in 0..<Limits.logsPerSession {
            _ = try await server.context.repository.upsertLog(Records.water(session: full.id, at: 100 + Double(minute) / 100), for: caller)
        }
        let log = try await api.call(LogEntries.Upsert.self, Records.drink(session: from.id, at: 10))

        var intoDeleted = log
        intoDeleted.sessionId = deleted.id
        intoDeleted.updatedAt = Records.at(300)
        #expect(await api.failureCode(LogEntries.Upsert.self, intoDeleted) == .notFound)
        var intoFull = log
        intoFull.sessionId = full.id
        intoFull.updatedAt = Records.at(301)
        #expect(await api.failureCode(LogEntries.Upsert.self, intoFull) == .quotaExceeded)
        #expect(try await server.context.repository.logs(sessionId: from.id, for: caller).map(\.id) == [log.id], "it stays where it was")
        #expect(try await server.context.repository.logs(sessionId: full.id, for: caller).count == Limits.logsPerSession)
        await server.stop()
    }

    @Test("kept counts agree with counting, through adds, moves, undos, deletes and a rebuild from scratch", arguments: StorageKind.available)
    func keptCounts(storage: StorageKind) async throws {
        try await SharedCounts.turn.run {
            let (server, api) = try await TestServer.withSignedInClient(storage)
            let caller = Caller(userId: try await api.call(Users.Me.self).id)
            let first = Records.session(start: 0, end: 60, updated: 60)
            let second = Records.session(start: 100, end: 160, updated: 160)
            for session in [first, second] { _ = try await api.call(Sessions.Upsert.self, session) }
            var logs: [LogEntry] = []
            for minute in 0..<6 { logs.append(try await api.call(LogEntries.Upsert.self, Records.water(session: first.id, at: Double(minute)))) }
            // One moved to the other session, one undone, one sent as a tombstone from the start.
            var moved = logs[0]
            moved.sessionId = second.id
            moved.updatedAt = Records.at(200)
            _ = try await api.call(LogEntries.Upsert.self, moved)
            _ = try await api.call(LogEntries.Delete.self, Tombstone(id: logs[1].id, deletedAt: Records.at(201)))
            var tombstone = Records.water(session: second.id, at: 101)
            tombstone.deletedAt = Records.at(202)
            tombstone.updatedAt = Records.at(202)
            _ = try await api.call(LogEntries.Upsert.self, tombstone)
            let presets = [Records.preset(), Records.preset(name: "Stout")]
            for preset in presets { _ = try await api.call(Presets.Upsert.self, preset) }
            _ = try await api.call(Presets.Delete.self, Tombstone(id: presets[0].id, deletedAt: Records.at(203)))
            var ended = first
            ended.deletedAt = Records.at(204)
            ended.updatedAt = Records.at(204)
            _ = try await api.call(Sessions.Upsert.self, ended)

            let sql = server.database.sql
            func kept() async throws -> [String: [Int]] {
                var counts: [String: [Int]] = [:]
                for row in try await sql.raw("SELECT scope, kept, live FROM record_counts WHERE owner_id = \(bind: caller.key)").all() {
                    counts[try row.decode(column: "scope", as: String.self)] = [try row.decode(column: "kept", as: Int.self), try row.decode(column: "live", as: Int.self)]
                }
                return counts
            }
            func counted(_ table: String, session: UUID? = nil) async throws -> [Int] {
                let scope: SQLQueryString = session.map { "AND session_id = \(bind: $0.key)" } ?? ""
                let row = try await sql.raw("""
                    SELECT COUNT(*) AS kept, COALESCE(SUM(CASE WHEN deleted_at IS NULL THEN 1 ELSE 0 END), 0) AS live FROM \(unsafeRaw: table) WHERE owner_id = \(bind: caller.key) \(scope)
                    """).first()
                return [try row?.decode(column: "kept", as: Int.self) ?? -1, try row?.decode(column: "live", as: Int.self) ?? -1]
            }
            let expected = [
                "sessions": try await counted("sessions"), "presets": try await counted("presets"),
                "log_entries:\(first.id.key)": try await counted("log_entries", session: first.id),
                "log_entries:\(second.id.key)": try await counted("log_entries", session: second.id),
            ]
            #expect(expected["sessions"] == [2, 1] && expected["presets"] == [2, 1])
            #expect(expected["log_entries:\(first.id.key)"] == [5, 4] && expected["log_entries:\(second.id.key)"] == [2, 1])
            #expect(try await kept() == expected)
            // The migration builds the same from what is stored.
            // (This account's counts only: the PostgreSQL database is shared with tests running alongside.)
            try await sql.raw("DELETE FROM record_counts WHERE owner_id = \(bind: caller.key)").run()
            try await (storage == .postgres ? RecordCounts.addForPostgres(sql) : RecordCounts.add(sql))
            #expect(try await kept() == expected)
            // Deleting the account takes its counts with it.
            _ = try await api.call(Users.DeleteAccount.self)
            #expect(try await kept().isEmpty)
            await server.stop()
        }
    }

    /// The check reads the kept count, not the rows: an account whose count says full is refused
    /// though it stores one session. Counting every session on each insert made a 500-session push on
    /// PostgreSQL take 8–10 s near the quota.
    @Test("a new record's room is read from the kept count, in the insert's check and in PostgreSQL's trigger", arguments: StorageKind.available)
    func roomFromKeptCount(storage: StorageKind) async throws {
        try await SharedCounts.turn.run {
            let (server, api) = try await TestServer.withSignedInClient(storage)
            let caller = Caller(userId: try await api.call(Users.Me.self).id)
            _ = try await api.call(Sessions.Upsert.self, Records.session(end: 60))
            let sql = server.database.sql
            try await sql.raw("""
                UPDATE record_counts SET live = \(bind: Limits.sessionsPerAccount), kept = \(bind: Limits.sessionsPerAccount)
                WHERE owner_id = \(bind: caller.key) AND scope = 'sessions'
                """).run()
            #expect(await api.failureCode(Sessions.Upsert.self, Records.session(start: 100, end: 160)) == .quotaExceeded)
            if storage == .postgres {
                // As a racing insert would, past the insert's own check: the trigger reads the count too.
                let raw = sql.raw("""
                    INSERT INTO sessions (id, owner_id, start_time, is_active, updated_at, deleted_at, body)
                    VALUES (\(bind: UUID().uuidString.lowercased()), \(bind: caller.key), 0, FALSE, 0, NULL, '{}')
                    """)
                await #expect { try await raw.run() } throws: { isQuotaViolation($0) }
            }
            try await sql.raw("UPDATE record_counts SET live = 1, kept = 1 WHERE owner_id = \(bind: caller.key) AND scope = 'sessions'").run()
            _ = try await api.call(Sessions.Upsert.self, Records.session(start: 100, end: 160))
            await server.stop()
        }
    }
}

/// `keptCounts` rebuilds every account's counts on the PostgreSQL database the tests share, which
/// would undo the count `roomFromKeptCount` sets by hand for its account: the two take turns.
actor SharedCounts {
    static let turn = SharedCounts()
    private let gate = SerialGate()

    func run(_ body: @Sendable () async throws -> Void) async throws {
        try await gate.run { try await body() }
    }
}
