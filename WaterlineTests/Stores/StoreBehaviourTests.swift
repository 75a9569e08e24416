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
}
