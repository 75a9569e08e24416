import Foundation
import Testing
@testable import WaterlineKit
#if canImport(SwiftData)
import SwiftData
import WaterlineData
#endif

/// Every `SyncStore` must behave the same: the in-memory one everywhere, the SwiftData one
/// where SwiftData exists (`swift test` on macOS).
@Suite("Store behaviour")
struct StoreBehaviourTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case inMemory
        #if canImport(SwiftData)
        case swiftData
        #endif

        var testDescription: String { rawValue }

        func make() throws -> any SyncStore {
            switch self {
            case .inMemory: return InMemorySessionStore()
            #if canImport(SwiftData)
            case .swiftData: return SwiftDataSessionStore(modelContainer: try WaterlineContainer.make(inMemory: true))
            #endif
            }
        }
    }

    func service(_ store: any SyncStore, clock: TestClock = TestClock()) -> SessionService {
        let ids = IncrementingUUIDs()
        return SessionService(store: store, now: { clock.now }, makeID: { ids() })
    }

    @Test("a whole night through the service reads back the same", arguments: Kind.allCases)
    func night(kind: Kind) async throws {
        let store = try kind.make()
        let clock = TestClock()
        let service = service(store, clock: clock)
        try await service.prepare(settings: UserSettings(waterEveryNDrinks: 2))
        #expect(try await store.presets().map(\.name) == ["Beer", "Glass of Wine", "Shot", "Cocktail", "Double"])
        let started = try await service.startSession()
        #expect(try await service.startSession().session.id == started.session.id)
        clock.advance(minutes: 1)
        let beer = try #require(try await service.quickLog(.alcohol, source: .phone).changedLog)
        clock.advance(minutes: 1)
        _ = try await service.quickLog(.water, source: .watch)
        clock.advance(minutes: 1)
        _ = try await service.deleteLog(id: beer.id)
        #expect(try await store.logs(sessionId: started.session.id).map(\.type) == [.water])
        #expect(try await store.log(id: beer.id)?.deletedAt != nil, "the tombstone is kept")
        let ended = try await service.endSession()
        #expect(try await store.session(id: started.session.id) == ended.session)
        #expect(try await store.activeSession() == nil)
        #expect(try await store.user()?.settings.waterEveryNDrinks == 2)
    }

    @Test("a log needs its session; a second active session is refused", arguments: Kind.allCases)
    func integrity(kind: Kind) async throws {
        let store = try kind.make()
        await #expect(throws: SessionStoreError.self) { try await store.saveLog(Fixed.drink(1, at: 0)) }
        try await store.saveUser(WaterlineKit.User(id: UUID(number: 1), createdAt: Fixed.start))
        try await store.saveSession(Fixed.session())
        var other = Fixed.session()
        other.id = UUID(number: 2)
        await #expect(throws: SessionStoreError.self) { try await store.saveSession(other) }
    }

    @Test("the outbox coalesces, acknowledges by revision, fails and merges remote versions", arguments: Kind.allCases)
    func outbox(kind: Kind) async throws {
        let store = try kind.make()
        try await store.saveUser(WaterlineKit.User(id: UUID(number: 1), createdAt: Fixed.start))
        #expect(try await store.pendingChanges().isEmpty, "defaults nobody chose are never queued")
        try await store.saveUser(WaterlineKit.User(id: UUID(number: 1), createdAt: Fixed.start, settings: UserSettings(waterEveryNDrinks: 3, updatedAt: Fixed.start)))
        try await store.saveSession(Fixed.session())
        var log = Fixed.drink(2, at: 1)
        try await store.saveLog(log)
        log.alcoholMeta?.standardDrinkEstimate = 2
        log.updatedAt = Fixed.at(minutes: 2)
        try await store.saveLog(log)
        let pending = try await store.pendingChanges()
        #expect(pending.map(\.id.entity) == [.settings, .session, .logEntry])
        #expect(pending.last?.revision == 2)
        try await store.completeChange(pending[0].id, revision: pending[0].revision)
        try await store.completeChange(pending[1].id, revision: pending[1].revision)
        try await store.failChange(pending[2].id, revision: pending[2].revision, reason: "refused")
        #expect(try await store.pendingChanges().map(\.isFailed) == [true])

        var remote = log
        remote.alcoholMeta?.standardDrinkEstimate = 3
        remote.updatedAt = Fixed.at(minutes: 3)
        #expect(try await store.applyRemote(.logEntry(remote)))
        #expect(try await store.log(id: log.id)?.alcoholMeta?.standardDrinkEstimate == 3)
        #expect(try await store.pendingChanges().isEmpty, "the newer remote version replaced the refused change")
        var stale = remote
        stale.updatedAt = Fixed.at(minutes: 1)
        #expect(try await !store.applyRemote(.logEntry(stale)))
    }

    @Test("deleting everything leaves nothing, outbox included", arguments: Kind.allCases)
    func deleteAll(kind: Kind) async throws {
        let store = try kind.make()
        let service = service(store)
        try await service.prepare()
        _ = try await service.startSession()
        _ = try await service.quickLog(.water, source: .phone)
        try await store.deleteAll()
        #expect(try await store.user() == nil)
        #expect(try await store.sessions(limit: nil).isEmpty)
        #expect(try await store.presets().isEmpty)
        #expect(try await store.pendingChanges().isEmpty)
    }

    @Test("the outbox hands out batches in order, settles them in one step, and keeps a newer edit", arguments: Kind.allCases)
    func outboxBatches(kind: Kind) async throws {
        let store = try kind.make()
        let service = service(store)
        _ = try await service.prepare()
        _ = try await service.startSession()
        for _ in 0..<3 { _ = try await service.quickLog(.water, source: .phone) }
        let all = try await store.pendingChanges()
        #expect(try await store.nextChanges(limit: 4) == Array(all.prefix(4)))
        #expect(try await store.outboxCounts() == OutboxCounts(pending: all.count, failed: 0))

        // The last log is edited after it was sent: its newer revision stays.
        let batch = try await store.nextChanges(limit: all.count)
        let edited = try #require(batch.last)
        guard case .logEntry(var log) = edited.payload else { Issue.record("expected a log last"); return }
        log.waterMeta = WaterMeta(amountOz: 12)
        log.updatedAt = log.updatedAt.addingTimeInterval(1)
        try await store.saveLog(log)
        var pushed = batch.map { PushedChange(key: $0.id, revision: $0.revision, stored: $0.payload) }
        pushed[0].failure = "refused"
        pushed[0].stored = nil
        try await store.settle(pushed)
        let left = try await store.pendingChanges()
        #expect(left.map(\.id) == [batch[0].id, edited.id])
        #expect(left.map(\.isFailed) == [true, false])
        #expect(try await store.nextChanges(limit: 10).map(\.id) == [edited.id])
        #expect(try await store.outboxCounts() == OutboxCounts(pending: 1, failed: 1))
        #expect(try await store.log(id: log.id)?.waterMeta?.amountOz == 12)
    }

    @Test("a pulled page lands in one step with its cursor, sessions before their logs", arguments: Kind.allCases)
    func pulledPage(kind: Kind) async throws {
        let store = try kind.make()
        _ = try await service(store).prepare()
        let account = UUID()
        let night = SessionRecord(id: UUID(), startTime: Fixed.start, endTime: Fixed.start.addingTimeInterval(60), isActive: false, updatedAt: Fixed.start)
        let water = LogEntry.water(id: UUID(), sessionId: night.id, at: Fixed.start, amountOz: 8)
        let stray = LogEntry.water(id: UUID(), sessionId: UUID(), at: Fixed.start, amountOz: 8)
        let unplaced = try await store.applyPage([.logEntry(water), .logEntry(stray), .session(night)], cursor: SyncCursor(accountId: account, position: 7))
        #expect(unplaced == [.logEntry(stray)])
        #expect(try await store.logs(sessionId: night.id).map(\.id) == [water.id])
        #expect(try await store.syncCursor() == SyncCursor(accountId: account, position: 7))
        // Remote versions are not local changes.
        #expect(try await store.pendingChanges().allSatisfy { $0.id.entity != .logEntry && $0.id.entity != .session })

        try await store.requeueAll()
        let keys = try await store.pendingChanges().map(\.id)
        #expect(keys.contains(SyncKey(entity: .session, id: night.id)))
        #expect(keys.contains(SyncKey(entity: .logEntry, id: water.id)))

        try await store.deleteAll()
        #expect(try await store.syncCursor() == nil)
    }

    @Test("past sessions come a page at a time, newest first, ties on the start settled by id", arguments: Kind.allCases)
    func historyPages(kind: Kind) async throws {
        let store = try kind.make()
        try await store.saveUser(WaterlineKit.User(id: UUID(number: 1), createdAt: Fixed.start))
        // Seven ended nights, two of them starting at the same moment, one deleted, one running.
        var ended: [Session] = []
        for index in 0..<7 {
            let start = Fixed.start.addingTimeInterval(Double(index == 6 ? 5 : index) * 86_400)
            let session = Session(id: UUID(number: 100 + index), userId: UUID(number: 1), startTime: start,
                                  endTime: start.addingTimeInterval(3600), isActive: false, updatedAt: start)
            try await store.saveSession(session)
            ended.append(session)
        }
        var gone = ended.removeFirst()
        gone.deletedAt = Fixed.start
        try await store.saveSession(gone)
        try await store.saveSession(Session(id: UUID(number: 200), userId: UUID(number: 1), startTime: Fixed.start.addingTimeInterval(9 * 86_400)))

        let expected = ended.sorted { ($0.startTime, $0.id.uuidString) > ($1.startTime, $1.id.uuidString) }.map(\.id)
        var seen: [UUID] = []
        var cursor: HistoryCursor?
        while true {
            let page = try await store.pastSessions(after: cursor, limit: 2)
            seen += page.map(\.id)
            guard page.count == 2, let last = page.last else { break }
            cursor = HistoryCursor(after: last)
        }
        #expect(seen == expected)
        #expect(Set(seen).count == 6)
    }
}
