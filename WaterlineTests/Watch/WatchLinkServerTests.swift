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
        server = WatchLinkServer(store: harness.store, ledger: MemoryLedgerStorage(), now: { clock.now })
    }

    func push(_ changes: [SyncPayload]) async throws -> ([ChangeOutcome], Bool) {
        let (answer, changed) = await server.answer(.push(PushBatch(changes: changes)))
        guard case .pushed(let results) = answer else { throw ConvexError.badResponse("\(answer)") }
        return (results.results, changed)
    }

    func refusal(_ request: LinkRequest) async -> String? {
        let (answer, changed) = await server.answer(request)
        #expect(!changed)
        guard case .refused(let code, _) = answer else { return nil }
        return code
    }

    func session(_ id: Int, running: Bool = true, minutes: Double = 0) -> SessionRecord {
        SessionRecord(id: UUID(number: id), startTime: Fixed.at(minutes: minutes), isActive: running, updatedAt: Fixed.at(minutes: minutes))
    }

    @Test("a push of no or too many changes is refused, and changes nothing")
    func badPushes() async throws {
        let before = try await DeviceRecords(harness.store)
        #expect(await refusal(.push(PushBatch(changes: []))) == ErrorCode.invalidArgument.rawValue)
        let tooMany = (0...Limits.pushBatch).map { SyncPayload.session(session($0 + 1, running: false)) }
        #expect(await refusal(.push(PushBatch(changes: tooMany))) == ErrorCode.invalidArgument.rawValue)
        #expect(try await DeviceRecords(harness.store) == before)
    }

    @Test("a message over a megabyte is refused by its length, unread: the sender waiting is told so, and nothing changes")
    @MainActor
    func oversizedMessage() async throws {
        let phone = DeviceProcess(harness)
        let before = try await DeviceRecords(harness.store)
        // 55,000 logs: a 13 MB push whose change count (over 500) would be refused only once read.
        let logs = (0..<55_000).map {
            SyncPayload.logEntry(LogEntry.water(id: UUID(), sessionId: UUID(number: 0xA), at: Fixed.at(minutes: Double($0 % 600)), amountOz: 8))
        }
        let data = try WatchMessage.request(.push(PushBatch(changes: logs))).encoded()
        #expect(data.count > 12 * WatchMessage.maximumBytes)
        #expect(throws: WatchMessageError.tooLarge(bytes: data.count)) { try WatchMessage.decodeIfKnown(data) }
        let reply = try #require(await phone.runtime.handle(.watchMessage(data, replying: true)))
        guard case .answer(.refused(let code, let message))? = try WatchMessage.decodeIfKnown(reply) else {
            Issue.record("not a refusal")
            return
        }
        #expect(code == ErrorCode.invalidArgument.rawValue)
        #expect(message.contains("\(data.count) bytes"), "refused by its length, not by its 55,000 changes once read")
        #expect(await phone.runtime.handle(.watchMessage(data, replying: false)) == nil)
        #expect(try await DeviceRecords(harness.store) == before)
    }

    @Test("the phone keeps what a backend keeps: a watch's 1,500 logs for one session are taken up to 1,000 and the rest refused as over the quota")
    func quotas() async throws {
        _ = try await push([.session(session(0xA))])
        var outcomes: [ChangeOutcome] = []
        for batch in 0..<3 {
            let logs = (0..<Limits.pushBatch).map { index in
                SyncPayload.logEntry(LogEntry.water(id: UUID(), sessionId: UUID(number: 0xA), at: Fixed.at(minutes: Double(batch * 500 + index) / 10), amountOz: 8))
            }
            outcomes += try await push(logs).0
        }
        #expect(outcomes.filter { $0.code == nil }.count == Limits.logsPerSession)
        #expect(outcomes.filter { $0.code == ErrorCode.quotaExceeded.rawValue }.count == 1_500 - Limits.logsPerSession)
        #expect(try await harness.store.logs(sessionId: UUID(number: 0xA)).count == Limits.logsPerSession)
        // A change to a log already kept, and a deletion, still go through at the quota.
        let kept = try #require(try await harness.store.logs(sessionId: UUID(number: 0xA)).first)
        var edited = kept
        edited.updatedAt = kept.updatedAt.addingTimeInterval(60)
        edited.waterMeta?.amountOz = 12
        #expect(try await push([.logEntry(edited)]).0.map(\.code) == [nil])
    }

    @Test("what the phone's app cannot read (not JSON, a kind it does not know, the first protocol's call, a request cut short) is answered with nothing, and changes nothing")
    @MainActor
    func unreadableMessages() async throws {
        let phone = DeviceProcess(harness)
        let before = try await DeviceRecords(harness.store)
        let unreadable = [
            "not json",
            #"{"version":3,"kind":"shareWithFriend","payload":{}}"#,
            #"{"version":2,"kind":"call","payload":{"body":"e30="}}"#,
            #"{"version":3,"kind":"request","payload":{"push":{"_0":{"changes":[{"entity":"sessions","record":{}}]}}}}"#,
            #"{"version":3,"kind":"answer","payload":{"person":{"id":"A0000000-0000-4000-8000-00000000000A"}}}"#,
        ]
        for text in unreadable {
            #expect(await phone.runtime.handle(.watchMessage(Data(text.utf8), replying: true)) == nil, "\(text)")
        }
        #expect(try await DeviceRecords(harness.store) == before)
    }

    @Test("each change on its own: a bad value, a log without its session and a second running session are refused; the rest are kept and queued for the cloud")
    func perChange() async throws {
        let waiting = try await harness.store.pendingChanges().count
        var tooMuchWater = LogEntry.water(id: UUID(number: 0x51), sessionId: UUID(number: 0xA), at: Fixed.at(minutes: 5), amountOz: 8)
        tooMuchWater.waterMeta?.amountOz = 65
        let orphan = LogEntry.water(id: UUID(number: 0x52), sessionId: UUID(number: 0xB), at: Fixed.at(minutes: 5), amountOz: 8)
        let good = LogEntry.water(id: UUID(number: 0x53), sessionId: UUID(number: 0xA), at: Fixed.at(minutes: 6), amountOz: 8)
        let (outcomes, changed) = try await push([.session(session(0xA)), .logEntry(tooMuchWater), .logEntry(orphan), .session(session(0xC, minutes: 1)), .logEntry(good)])
        #expect(outcomes.map(\.code) == [nil, "INVALID_ARGUMENT", "NOT_FOUND", "CONFLICT", nil])
        #expect(changed)
        #expect(try await harness.store.activeSession()?.id == UUID(number: 0xA))
        #expect(try await harness.store.logs(sessionId: UUID(number: 0xA)).map(\.id) == [good.id])
        #expect(try await harness.store.pendingChanges().count == waiting + 2, "the session and its log go on to the cloud")
        #expect(StoreRules.isRetried("NOT_FOUND: x") && StoreRules.isRetried("CONFLICT: x"), "the watch sends those again")
    }

    @Test("last write wins, deleting is final, the same change twice is taken once, and the answer is what the phone keeps")
    func lastWriteWins() async throws {
        let first = session(0xA)
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

    /// Every change after `cursor`, page by page; the cursor reached and the pages read.
    func pullAll(after cursor: Int?, limit: Int = 4) async throws -> (changes: [SyncPayload], cursor: Int, pages: Int) {
        var changes: [SyncPayload] = []
        var cursor = cursor
        var pages = 0
        while true {
            let (answer, _) = await server.answer(.pull(PullRequest(cursor: cursor, limit: limit)))
            guard case .page(let page) = answer else { throw ConvexError.badResponse("\(answer)") }
            #expect(page.changes.count <= limit)
            changes += page.changes
            pages += 1
            cursor = page.cursor
            if !page.hasMore { return (changes, page.cursor, pages) }
        }
    }

    @Test("a first pull brings what the watch keeps: settings, presets, the running session, recent and last ended sessions, tombstones included")
    func window() async throws {
        // An old session, long past the window, then the last ended one (also old), then tonight.
        _ = try await harness.service.startSession()
        harness.clock.advance(minutes: 60)
        let old = try await harness.service.endSession().snapshot.session
        harness.clock.advance(minutes: 10 * 24 * 60)
        _ = try await harness.service.startSession()
        harness.clock.advance(minutes: 60)
        let last = try await harness.service.endSession().snapshot.session
        harness.clock.advance(minutes: 10 * 24 * 60)
        let tonight = try await harness.service.startSession().snapshot.session
        for _ in 0..<8 {
            harness.clock.advance(minutes: 3)
            try await harness.service.logWater(source: .phone)
        }
        let deleted = try #require(try await harness.service.activeSession()?.logs.first)
        try await harness.service.perform(.deleteLog(id: deleted.id))

        let (changes, cursor, _) = try await pullAll(after: nil)
        let sessions = changes.compactMap { if case .session(let session) = $0 { session.id } else { nil } }
        #expect(Set(sessions) == [last.id, tonight.id], "the running session and the last ended one; not the old one")
        #expect(!sessions.contains(old.id))
        let logs = changes.compactMap { if case .logEntry(let log) = $0 { log } else { nil } }
        #expect(logs.count == 8 && logs.contains { $0.id == deleted.id && $0.deletedAt != nil }, "the deleted log travels as a tombstone")
        #expect(changes.filter { if case .preset = $0 { true } else { false } }.count == 5)
        #expect(changes.count == 16 && Set(changes).count == 16, "each record once, as it stands (settings, 5 presets, 2 sessions, 8 logs): \(changes.map(\.key))")
        #expect(try await pullAll(after: cursor).changes.isEmpty, "nothing since")
    }

    @Test("a pull after one change on the phone carries that change, not the window: from an action, a pull from the cloud, a summary made again")
    func onlyWhatChanged() async throws {
        _ = try await harness.service.startSession()
        for _ in 0..<30 {
            harness.clock.advance(minutes: 3)
            try await harness.service.logWater(source: .phone)
        }
        let (first, cursor, _) = try await pullAll(after: nil, limit: 100)
        #expect(first.count == 37, "settings, 5 presets, the session, 30 logs")

        harness.clock.advance(minutes: 3)
        let water = try #require(try await harness.service.logWater(source: .phone).changedLog)
        let (one, next, pages) = try await pullAll(after: cursor, limit: 100)
        #expect(one == [.logEntry(water)] && pages == 1)

        // The cloud's version of a preset, merged in by a pull: the feed hears of it too.
        var beer = try await harness.presetNamed("Beer")
        beer.name = "Lager"
        beer.updatedAt = harness.clock.now.addingTimeInterval(1)
        #expect(try await harness.store.applyRemote(.preset(beer.record)))
        let (merged, _, _) = try await pullAll(after: next, limit: 100)
        #expect(merged == [.preset(beer.record)])
    }

    @Test("a store written before the feed existed answers its first pull with everything the watch keeps")
    func seededOnce() async throws {
        _ = try await harness.service.startSession()
        try await harness.service.logWater(source: .phone)
        // The feed as a store from before it would have it: empty, with the records there.
        let legacy = InMemorySessionStore()
        try await legacy.transaction(writes: true) {
            for preset in try await harness.store.presets() { try await legacy.writePreset(preset) }
            let session = try #require(try await harness.store.activeSession())
            try await legacy.writeSession(session)
            for log in try await harness.store.logs(sessionId: session.id) { try await legacy.writeLog(log) }
            try await legacy.writeUser(try #require(try await harness.store.user()))
        }
        #expect(try await legacy.transaction(writes: false) { try await legacy.readLastFeedSequence() } == 0)
        let clock = harness.clock
        let page = try await legacy.peerChanges(after: 0, limit: 100, sessionsSince: clock.now.addingTimeInterval(-WatchLinkServer.window))
        #expect(page.changes.count == 8 && !page.hasMore, "settings, 5 presets, the session, its log: \(page.changes.map(\.key))")
        #expect(try await legacy.peerChanges(after: page.cursor, limit: 100, sessionsSince: Fixed.start).changes.isEmpty)
    }

    @Test("the phone's person, or NOT_FOUND before anyone is set up")
    func me() async throws {
        let (answer, _) = await server.answer(.account)
        #expect(answer == .person(id: try #require(try await harness.store.user()).id, erasedBefore: nil))
        let empty = WatchLinkServer(store: InMemorySessionStore(), ledger: MemoryLedgerStorage(), now: { Fixed.start })
        guard case .refused(let code, _) = await empty.answer(.account).answer else { Issue.record("a person was made up"); return }
        #expect(code == ErrorCode.notFound.rawValue)
    }
}
