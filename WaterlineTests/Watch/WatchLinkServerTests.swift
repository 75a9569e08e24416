import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
import WaterlineTestSupport

/// The phone as its watch's backend: what a watch (or anything that reaches the phone's app over
/// WatchConnectivity) may send, and what the phone keeps of it, by the cloud's rules.
@Suite("The phone answers its watch's sync")
struct WatchLinkServerTests {
    let harness: ServiceHarness
    let server: WatchLinkServer

    init() async throws {
        harness = try await ServiceHarness.prepared()
        let clock = harness.clock
        server = WatchLinkServer(store: harness.store, now: { clock.now })
    }

    func call<Function: ConvexFunction>(_ function: Function.Type, _ args: Function.Args) async throws -> (FunctionResponse<Function.Value>, Bool) {
        let body = try WaterlineCoding.encoder(pretty: false).encode(FunctionCall(path: Function.name, args: args))
        let (response, changed) = await server.answer(body)
        return (try WaterlineCoding.decoder().decode(FunctionResponse<Function.Value>.self, from: response), changed)
    }

    func push(_ changes: [SyncPayload]) async throws -> ([ChangeOutcome], Bool) {
        let (response, changed) = try await call(Sync.Push.self, PushBatch(changes: changes))
        guard case .success(let results) = response else { throw ConvexError.badResponse("\(response)") }
        return (results.results, changed)
    }

    func errorCode(_ body: String) async throws -> String? {
        let (response, changed) = await server.answer(Data(body.utf8))
        #expect(!changed)
        guard case .error(_, let code) = try WaterlineCoding.decoder().decode(FunctionResponse<NoArgs>.self, from: response) else { return nil }
        return code
    }

    func night(_ id: Int, running: Bool = true, minutes: Double = 0) -> SessionRecord {
        SessionRecord(id: UUID(number: id), startTime: Fixed.at(minutes: minutes), isActive: running, updatedAt: Fixed.at(minutes: minutes))
    }

    @Test("what is not a call, a call of another function, and a push of no or too many changes are refused, and change nothing")
    func badCalls() async throws {
        let before = try await DeviceRecords(harness.store)
        #expect(try await errorCode("not json") == ErrorCode.badRequest.rawValue)
        #expect(try await errorCode(#"{"path":"users:deleteAccount","args":{},"format":"json"}"#) == ErrorCode.unknownFunction.rawValue)
        #expect(try await errorCode(#"{"path":"sync:push","args":{"changes":[]},"format":"json"}"#) == ErrorCode.invalidArgument.rawValue)
        #expect(try await errorCode(#"{"path":"sync:push","args":{"changes":[{"entity":"sessions","record":{}}]},"format":"json"}"#) == ErrorCode.badRequest.rawValue)
        let tooMany = (0...Limits.pushBatch).map { SyncPayload.session(night($0 + 1, running: false)) }
        let (response, _) = try await call(Sync.Push.self, PushBatch(changes: tooMany))
        guard case .error(_, let code) = response else { Issue.record("\(Limits.pushBatch + 1) changes were taken"); return }
        #expect(code == ErrorCode.invalidArgument.rawValue)
        #expect(try await DeviceRecords(harness.store) == before)
    }

    @Test("each change on its own: a bad value, a log without its night and a second running night are refused; the rest are kept and queued for the cloud")
    func perChange() async throws {
        let waiting = try await harness.store.pendingChanges().count
        var tooMuchWater = LogEntry.water(id: UUID(number: 0x51), sessionId: UUID(number: 0xA), at: Fixed.at(minutes: 5), amountOz: 8)
        tooMuchWater.waterMeta?.amountOz = 65
        let orphan = LogEntry.water(id: UUID(number: 0x52), sessionId: UUID(number: 0xB), at: Fixed.at(minutes: 5), amountOz: 8)
        let good = LogEntry.water(id: UUID(number: 0x53), sessionId: UUID(number: 0xA), at: Fixed.at(minutes: 6), amountOz: 8)
        let (outcomes, changed) = try await push([.session(night(0xA)), .logEntry(tooMuchWater), .logEntry(orphan), .session(night(0xC, minutes: 1)), .logEntry(good)])
        #expect(outcomes.map(\.code) == [nil, "INVALID_ARGUMENT", "NOT_FOUND", "CONFLICT", nil])
        #expect(changed)
        #expect(try await harness.store.activeSession()?.id == UUID(number: 0xA))
        #expect(try await harness.store.logs(sessionId: UUID(number: 0xA)).map(\.id) == [good.id])
        #expect(try await harness.store.pendingChanges().count == waiting + 2, "the night and its log go on to the cloud")
        #expect(StoreRules.isRetried("NOT_FOUND: x") && StoreRules.isRetried("CONFLICT: x"), "the watch sends those again")
    }

    @Test("last write wins, deleting is final, the same change twice is taken once, and the answer is what the phone keeps")
    func lastWriteWins() async throws {
        let first = night(0xA)
        _ = try await push([.session(first)])
        var older = first
        older.updatedAt = Fixed.at(minutes: -1)
        older.isActive = false
        older.endTime = Fixed.at(minutes: 1)
        let (kept, changedByOlder) = try await push([.session(older)])
        #expect(kept.first?.change == .session(first) && !changedByOlder, "an older version is answered with the newer one kept")
        var tombstone = first
        tombstone.deletedAt = Fixed.at(minutes: 2)
        tombstone.updatedAt = Fixed.at(minutes: 2)
        tombstone.isActive = false
        tombstone.endTime = Fixed.at(minutes: 2)
        _ = try await push([.session(tombstone)])
        var revived = first
        revived.updatedAt = Fixed.at(minutes: 60)
        let (answer, changed) = try await push([.session(revived), .session(revived)])
        #expect(answer.allSatisfy { $0.change == .session(tombstone) } && !changed, "a later live version does not bring it back")
    }

    @Test("settings merge setting by setting, and the merged whole is the answer")
    func settings() async throws {
        var phone = try await harness.service.settings()
        phone = phone.edited(to: { var s = phone; s.warningThreshold = 5; return s }(), at: Fixed.at(minutes: 2))
        try await harness.store.saveUser({ var user = try #require(try await harness.store.user()); user.settings = phone; return user }())
        var watch = UserSettings()
        watch = watch.edited(to: { var s = watch; s.waterEveryNDrinks = 4; return s }(), at: Fixed.at(minutes: 3))
        let (outcomes, changed) = try await push([.settings(watch)])
        guard case .settings(let merged)? = outcomes.first?.change else { Issue.record("no settings answered"); return }
        #expect(merged.warningThreshold == 5 && merged.waterEveryNDrinks == 4 && changed)
        #expect(try await harness.service.settings() == merged)
    }

    @Test("a pull pages the watch's window: settings, presets, the running night, recent and last ended nights, tombstones included; the last cursor starts over")
    func window() async throws {
        // An old night, long past the window, then the last ended one (also old), then tonight.
        _ = try await harness.service.startSession()
        harness.clock.advance(minutes: 60)
        let old = try await harness.service.endSession().night.session
        harness.clock.advance(minutes: 10 * 24 * 60)
        _ = try await harness.service.startSession()
        harness.clock.advance(minutes: 60)
        let last = try await harness.service.endSession().night.session
        harness.clock.advance(minutes: 10 * 24 * 60)
        let tonight = try await harness.service.startSession().night.session
        for _ in 0..<8 {
            harness.clock.advance(minutes: 3)
            try await harness.service.logWater(source: .phone)
        }
        let deleted = try #require(try await harness.service.activeSession()?.logs.first)
        try await harness.service.perform(.deleteLog(id: deleted.id))

        var changes: [SyncPayload] = []
        var cursor: Int?
        var pages = 0
        repeat {
            let (response, _) = try await call(Sync.Pull.self, PullRequest(cursor: cursor, limit: 4))
            guard case .success(let page) = response else { Issue.record("\(response)"); return }
            changes += page.changes
            pages += 1
            cursor = page.hasMore ? page.cursor : nil
            if !page.hasMore { #expect(page.cursor == 0) }
        } while cursor != nil
        let nights = changes.compactMap { if case .session(let night) = $0 { night.id } else { nil } }
        #expect(Set(nights) == [last.id, tonight.id], "the running night and the last ended one; not the old one")
        #expect(!nights.contains(old.id))
        let logs = changes.compactMap { if case .logEntry(let log) = $0 { log } else { nil } }
        #expect(logs.count == 8 && logs.contains { $0.id == deleted.id && $0.deletedAt != nil }, "the deleted log travels as a tombstone")
        #expect(changes.filter { if case .preset = $0 { true } else { false } }.count == 5)
        #expect(pages == 4, "15 changes, 4 a page")
    }

    @Test("the phone's person, or NOT_FOUND before anyone is set up")
    func me() async throws {
        let (response, _) = try await call(Users.Me.self, NoArgs())
        guard case .success(let user) = response else { Issue.record("\(response)"); return }
        #expect(user.id == (try await harness.store.user())?.id)
        let empty = WatchLinkServer(store: InMemorySessionStore(), now: { Fixed.start })
        let body = try WaterlineCoding.encoder(pretty: false).encode(FunctionCall(path: Users.Me.name, args: NoArgs()))
        let (answer, _) = await empty.answer(body)
        guard case .error(_, let code) = try WaterlineCoding.decoder().decode(FunctionResponse<User>.self, from: answer) else {
            Issue.record("a person was made up"); return
        }
        #expect(code == ErrorCode.notFound.rawValue)
    }
}
