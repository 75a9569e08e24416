import Foundation
import Testing
import WaterlineCore
import WaterlineAPI
import WaterlineStorage
import WaterlineRuntime

extension StoreConformance {
    /// Records written on this device: they read back whole, and the store keeps their shape.
    static let localWrites: [StoreConformance] = [
        StoreConformance("a whole session through the service reads back the same") { store in
            let clock = TestClock()
            let service = service(store, clock: clock)
            try await service.prepare(settings: UserSettings(waterEveryNDrinks: 2))
            #expect(try await store.presets().map(\.name) == ["Beer", "Glass of Wine", "Shot", "Cocktail", "Double"])
            let started = try await service.startSession()
            #expect(try await service.startSession().snapshot.session.id == started.snapshot.session.id)
            clock.advance(minutes: 1)
            let beer = try #require(try await service.quickLog(.alcohol, source: .phone).changedLog)
            clock.advance(minutes: 1)
            _ = try await service.quickLog(.water, source: .watch)
            clock.advance(minutes: 1)
            _ = try await service.deleteLog(id: beer.id)
            #expect(try await store.logs(sessionId: started.snapshot.session.id).map(\.type) == [.water])
            #expect(try await store.log(id: beer.id)?.deletedAt != nil, "the tombstone is kept")
            let ended = try await service.endSession()
            #expect(try await store.session(id: started.snapshot.session.id) == ended.snapshot.session)
            #expect(try await store.activeSession() == nil)
            #expect(try await store.user()?.settings.waterEveryNDrinks == 2)
        },
        StoreConformance("a session and a preset with every field set read back with every field: the plan, the summary, the strength, the place") { store in
            try await person(store)
            let userId = try #require(try await store.user()?.id)
            let session = Session(
                id: UUID(number: 0x5A), userId: userId, startTime: Fixed.start, endTime: Fixed.at(minutes: 120), isActive: false,
                computedSummary: .mock, updatedAt: Fixed.at(minutes: 121), plannedDrinks: 4
            )
            try await store.saveSession(session)
            #expect(try await store.session(id: session.id) == session)
            let preset = DrinkPreset(
                id: UUID(number: 0x5B), userId: userId, name: "Hazy IPA", drinkType: .beer, sizeOz: 16, abv: 7.2,
                standardDrinkEstimate: 1.9, sortOrder: 9, updatedAt: Fixed.at(minutes: 3)
            )
            try await store.savePreset(preset)
            #expect(try await store.preset(id: preset.id) == preset)
        },
        StoreConformance("records saved together land together, or none does: a refusal of the last undoes the first") { store in
            try await person(store)
            let session = Fixed.session()
            let orphan = LogEntry.water(id: UUID(number: 0x0F), sessionId: UUID(number: 0x999), at: Fixed.at(minutes: 1), amountOz: 8)
            await #expect(throws: SessionStoreError.self) { try await store.saveTogether(sessions: [session], logs: [Fixed.water(1, at: 1), orphan]) }
            #expect(try await store.session(id: session.id) == nil, "the session did not land without its logs")
            #expect(try await store.log(id: UUID(number: 1)) == nil)
            #expect(try await store.pendingChanges().isEmpty, "and queued nothing")
            try await store.saveTogether(sessions: [session], logs: [Fixed.water(1, at: 1), Fixed.drink(2, at: 2)])
            #expect(try await store.logs(sessionId: session.id).count == 2)
            #expect(try await store.pendingChanges().count == 3)
            // A record already there, rewritten by a refused step, is as it was, and so is the feed.
            let place = try await store.changes(after: 0).version
            var renamed = session
            renamed.plannedDrinks = 4
            await #expect(throws: SessionStoreError.self) { try await store.saveTogether(sessions: [renamed], logs: [Fixed.water(3, at: 3), orphan]) }
            #expect(try await store.session(id: session.id) == session)
            #expect(try await store.log(id: UUID(number: 3)) == nil)
            #expect(try await store.pendingChanges().count == 3)
            #expect(try await store.changes(after: 0).version == place, "the refused step took no place in the feed")
            #expect(try await store.changes(after: place).records.isEmpty)
        },
        StoreConformance("a log needs its session; a second active session is refused; a refused write leaves nothing") { store in
            await #expect(throws: SessionStoreError.self) { try await store.saveLog(Fixed.drink(1, at: 0)) }
            #expect(try await store.pendingChanges().isEmpty, "the refused log queued nothing")
            try await person(store)
            try await store.saveSession(Fixed.session())
            var other = Fixed.session()
            other.id = UUID(number: 2)
            await #expect(throws: SessionStoreError.self) { try await store.saveSession(other) }
            #expect(try await store.session(id: other.id) == nil)
            #expect(try await store.activeSession()?.id == Fixed.sessionId)
            let (active, created) = try await store.startSession(other)
            #expect(!created && active.id == Fixed.sessionId, "starting while one runs returns the running one")
            other.isActive = false
            other.endTime = Fixed.at(minutes: 5)
            try await store.saveSession(other)
            #expect(try await store.sessions(limit: nil).map(\.id).sorted { $0.uuidString < $1.uuidString } == [other.id, Fixed.sessionId])
        },
        StoreConformance("logs come in replay order and presets by their order, tombstones left out") { store in
            try await person(store)
            try await store.saveSession(Fixed.session())
            let logs = [Fixed.water(5, at: 3), Fixed.drink(4, at: 1), Fixed.drink(3, at: 1), Fixed.drink(2, at: 0)]
            for log in logs { try await store.saveLog(log) }
            var deleted = Fixed.drink(6, at: 2)
            deleted.deletedAt = Fixed.at(minutes: 2)
            try await store.saveLog(deleted)
            #expect(try await store.logs(sessionId: Fixed.sessionId).map(\.id) == [2, 3, 4, 5].map { UUID(number: $0) })
            #expect(try await store.log(id: deleted.id)?.deletedAt != nil)
            let presets = DrinkCatalog.defaultPresets(userId: UUID(number: 1))
            for preset in presets.reversed() { try await store.savePreset(preset) }
            var gone = presets[1]
            gone.deletedAt = Fixed.start
            try await store.savePreset(gone)
            #expect(try await store.presets().map(\.id) == presets.filter { $0.id != gone.id }.map(\.id))
            #expect(try await store.preset(id: gone.id) == nil)
        },
        StoreConformance("deleting everything leaves nothing, outbox and cursor included") { store in
            let service = service(store)
            try await service.prepare()
            _ = try await service.startSession()
            _ = try await service.quickLog(.water, source: .phone)
            try await store.saveSyncCursor(SyncCursor(accountId: UUID(number: 9), position: 3))
            try await store.deleteAll()
            #expect(try await store.user() == nil)
            #expect(try await store.sessions(limit: nil).isEmpty)
            #expect(try await store.presets().isEmpty)
            #expect(try await store.pendingChanges().isEmpty)
            #expect(try await store.syncCursor() == nil)
        },
        StoreConformance("a session is ended once: an end saved after another ended it (or deleted it) is refused, and the first end stays") { store in
            try await person(store)
            let session = Session(id: UUID(number: 300), userId: UUID(number: 1), startTime: Fixed.start)
            _ = try await store.startSession(session)
            var first = session
            first.isActive = false
            first.endTime = Fixed.at(minutes: 60)
            first.updatedAt = Fixed.at(minutes: 60)
            var second = first
            second.endTime = Fixed.at(minutes: 90)
            second.updatedAt = Fixed.at(minutes: 90)
            #expect(try await store.endSession(first))
            #expect(try await !store.endSession(second))
            #expect(try await store.session(id: session.id)?.endTime == first.endTime)
            #expect(try await !store.endSession(Session(id: UUID(number: 301), userId: UUID(number: 1), startTime: Fixed.start)), "an unknown session")
        },
    ]
}
