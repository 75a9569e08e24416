import Foundation
import Testing
import WaterlineCore
import WaterlineAPI
import WaterlineStorage
import WaterlineRuntime

extension StoreConformance {
    /// Versions from the backend: last write wins, deleting is final, pages land whole.
    static let remoteChecks: [StoreConformance] = [
        StoreConformance("a remote version merges by last write wins without being queued, and replaces a waiting change") { store in
            let service = service(store)
            try await service.prepare()
            _ = try await service.startSession()
            let log = try #require(try await service.quickLog(.water, source: .phone).changedLog)
            let pendingBefore = try await store.pendingChanges().count
            var remote = log
            remote.waterMeta = WaterMeta(amountOz: 16)
            remote.updatedAt = log.updatedAt.addingTimeInterval(60)
            #expect(try await store.applyRemote(.logEntry(remote)))
            #expect(try await store.log(id: log.id)?.waterMeta?.amountOz == 16)
            #expect(try await store.pendingChanges().count == pendingBefore - 1)
            var older = log
            older.updatedAt = log.updatedAt.addingTimeInterval(-60)
            #expect(try await !store.applyRemote(.logEntry(older)), "an older version loses")
            #expect(try await !store.applyRemote(.logEntry(remote)), "a tie keeps what is there")
            var tombstone = remote
            tombstone.deletedAt = log.updatedAt
            tombstone.updatedAt = log.updatedAt
            #expect(try await store.applyRemote(.logEntry(tombstone)), "a deletion replaces a newer live version")
            var revived = remote
            revived.updatedAt = log.updatedAt.addingTimeInterval(600)
            #expect(try await !store.applyRemote(.logEntry(revived)), "nothing brings a deleted record back")
            #expect(try await store.logs(sessionId: log.sessionId).isEmpty)
        },
        StoreConformance("remote settings replace older ones, and an untouched device takes the account's") { store in
            try await person(store)
            let account = UserSettings(waterEveryNDrinks: 4, updatedAt: Fixed.start)
            #expect(try await store.applyRemote(.settings(account)))
            #expect(try await store.user()?.settings == account)
            #expect(try await store.pendingChanges().isEmpty)
            #expect(try await !store.applyRemote(.settings(UserSettings(waterEveryNDrinks: 5, updatedAt: Fixed.at(minutes: -1)))))
        },
        StoreConformance("remote records need the person on this device; a log needs its session") { store in
            await #expect(throws: SessionStoreError.noUser) { try await store.applyRemote(.preset(DrinkCatalog.defaultPresets(userId: UUID(number: 1))[0].record)) }
            try await person(store)
            await #expect(throws: SessionStoreError.self) { try await store.applyRemote(.logEntry(Fixed.drink(3, at: 1))) }
        },
        StoreConformance("a pulled page lands in one step with its cursor, sessions before their logs, and counts what it replaced") { store in
            _ = try await service(store).prepare()
            let account = UUID(number: 0xACC)
            let session = SessionRecord(id: UUID(number: 0x71), startTime: Fixed.start, endTime: Fixed.at(minutes: 60), isActive: false, updatedAt: Fixed.start)
            let water = LogEntry.water(id: UUID(number: 0x72), sessionId: session.id, at: Fixed.start, amountOz: 8)
            let stray = LogEntry.water(id: UUID(number: 0x73), sessionId: UUID(number: 0x74), at: Fixed.start, amountOz: 8)
            let applied = try await store.applyPage([.logEntry(water), .logEntry(stray), .session(session)], cursor: SyncCursor(accountId: account, position: 7))
            #expect(applied.unplaced == [.logEntry(stray)])
            #expect(applied.replaced == ChangedRecords(sessions: [session.id]), "the session and its log: one session to show again")
            #expect(try await store.logs(sessionId: session.id).map(\.id) == [water.id])
            #expect(try await store.syncCursor() == SyncCursor(accountId: account, position: 7))
            // Remote versions are not local changes.
            #expect(try await store.pendingChanges().allSatisfy { $0.id.entity != .logEntry && $0.id.entity != .session })
            let again = try await store.applyPage([.session(session), .logEntry(water)], cursor: SyncCursor(accountId: account, position: 9))
            #expect(again == AppliedPage(unplaced: [], replaced: .none), "a page seen before changes nothing")
            #expect(try await store.syncCursor()?.position == 9)
        },
        StoreConformance("the backend's running session arriving while another runs here: one session, every log in it, this one gone as a tombstone") { store in
            try await person(store)
            // This device started a session offline at 20:10 and logged two drinks.
            var here = Fixed.session(start: Fixed.at(minutes: 10))
            here.id = UUID(number: 0xB0)
            try await store.saveSession(here)
            let drinks = [Fixed.drink(0xB1, at: 11, session: here.id), Fixed.drink(0xB2, at: 20, session: here.id)]
            for drink in drinks { try await store.saveLog(drink) }
            try await store.settle(try await store.pendingChanges().map { PushedChange(key: $0.id, revision: $0.revision, failure: "NOT_FOUND: no such session") })
            // The other device's session, started at 20:30, is the backend's running session.
            let theirs = SessionRecord(id: UUID(number: 0xA0), startTime: Fixed.at(minutes: 30), isActive: true, updatedAt: Fixed.at(minutes: 30))
            let water = LogEntry.water(id: UUID(number: 0xA1), sessionId: theirs.id, at: Fixed.at(minutes: 31), amountOz: 8)
            _ = try await store.applyPage([.session(theirs), .logEntry(water)], cursor: SyncCursor(accountId: UUID(number: 0xACC), position: 2))
            let active = try #require(try await store.activeSession())
            #expect(active.id == theirs.id, "the backend's session wins")
            #expect(active.startTime == Fixed.at(minutes: 10), "it starts when the first of the two started")
            #expect(try await store.logs(sessionId: theirs.id).map(\.id) == [drinks[0].id, drinks[1].id, water.id])
            #expect(try await store.session(id: here.id) == nil)
            #expect(try await store.sessions(limit: nil).map(\.id) == [theirs.id], "one session, not two")
            let pending = try await store.nextChanges(limit: 10)
            #expect(Set(pending.map(\.id)) == Set([SyncKey(entity: .session, id: here.id), SyncKey(entity: .session, id: theirs.id)]
                + drinks.map { SyncKey(entity: .logEntry, id: $0.id) }), "all of it goes up, refusals forgotten")
            guard case .session(let gone)? = pending.first(where: { $0.id.id == here.id })?.payload else {
                Issue.record("this device's session is not queued")
                return
            }
            #expect(gone.deletedAt != nil && !gone.isActive)
        },
        StoreConformance("refusals that waited for another record are sent again; the others wait for an edit") { store in
            try await person(store)
            try await store.saveSession(Fixed.session())
            try await store.saveLog(Fixed.drink(2, at: 1))
            try await store.saveLog(Fixed.drink(3, at: 2))
            let pending = try await store.pendingChanges()
            try await store.settle([
                PushedChange(key: pending[0].id, revision: pending[0].revision, failure: "CONFLICT: another session is active"),
                PushedChange(key: pending[1].id, revision: pending[1].revision, failure: "NOT_FOUND: no session with that id"),
                PushedChange(key: pending[2].id, revision: pending[2].revision, failure: "INVALID_ARGUMENT: standardDrinkEstimate must be at most 10"),
            ])
            #expect(try await store.nextChanges(limit: 10).isEmpty)
            #expect(try await store.retryRefusals() == 2)
            #expect(try await store.nextChanges(limit: 10).map(\.id) == [pending[0].id, pending[1].id])
            #expect(try await store.outboxCounts() == OutboxCounts(pending: 2, failed: 1))
        },
        StoreConformance("requeueing queues every record, tombstones too, sessions first; untouched settings stay home") { store in
            let service = service(store)
            try await service.prepare()
            let session = SessionRecord(id: UUID(number: 0x71), startTime: Fixed.start, endTime: Fixed.at(minutes: 60), isActive: false, updatedAt: Fixed.start)
            var water = LogEntry.water(id: UUID(number: 0x72), sessionId: session.id, at: Fixed.start, amountOz: 8)
            water.deletedAt = Fixed.start
            _ = try await store.applyPage([.session(session), .logEntry(water)], cursor: SyncCursor(accountId: UUID(number: 0xACC), position: 1))
            // Everything had been sent to the account before.
            try await store.settle(try await store.pendingChanges().map { PushedChange(key: $0.id, revision: $0.revision) })
            #expect(try await store.pendingChanges().isEmpty)
            try await store.requeueAll()
            let keys = try await store.pendingChanges().map(\.id)
            #expect(keys.first == SyncKey(entity: .session, id: session.id))
            #expect(keys.last == SyncKey(entity: .logEntry, id: water.id))
            #expect(keys.filter { $0.entity == .preset }.count == 5)
            #expect(!keys.contains { $0.entity == .settings })
        },
    ]
}
