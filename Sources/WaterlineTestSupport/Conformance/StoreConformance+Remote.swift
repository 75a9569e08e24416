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
            await #expect(throws: SessionStoreError.noUser) { try await store.applyRemote(.preset(PresetRecord(DrinkCatalog.defaultPresets(userId: UUID(number: 1))[0]))) }
            try await person(store)
            await #expect(throws: SessionStoreError.self) { try await store.applyRemote(.logEntry(Fixed.drink(3, at: 1))) }
        },
        StoreConformance("a pulled page lands in one step with its cursor, sessions before their logs, and counts what it replaced") { store in
            _ = try await service(store).prepare()
            let account = UUID(number: 0xACC)
            let night = SessionRecord(id: UUID(number: 0x71), startTime: Fixed.start, endTime: Fixed.at(minutes: 60), isActive: false, updatedAt: Fixed.start)
            let water = LogEntry.water(id: UUID(number: 0x72), sessionId: night.id, at: Fixed.start, amountOz: 8)
            let stray = LogEntry.water(id: UUID(number: 0x73), sessionId: UUID(number: 0x74), at: Fixed.start, amountOz: 8)
            let applied = try await store.applyPage([.logEntry(water), .logEntry(stray), .session(night)], cursor: SyncCursor(accountId: account, position: 7))
            #expect(applied.unplaced == [.logEntry(stray)])
            #expect(applied.replaced == 2)
            #expect(try await store.logs(sessionId: night.id).map(\.id) == [water.id])
            #expect(try await store.syncCursor() == SyncCursor(accountId: account, position: 7))
            // Remote versions are not local changes.
            #expect(try await store.pendingChanges().allSatisfy { $0.id.entity != .logEntry && $0.id.entity != .session })
            let again = try await store.applyPage([.session(night), .logEntry(water)], cursor: SyncCursor(accountId: account, position: 9))
            #expect(again == AppliedPage(unplaced: [], replaced: 0), "a page seen before changes nothing")
            #expect(try await store.syncCursor()?.position == 9)
        },
        StoreConformance("requeueing queues every record, tombstones too, sessions first; untouched settings stay home") { store in
            let service = service(store)
            try await service.prepare()
            let night = SessionRecord(id: UUID(number: 0x71), startTime: Fixed.start, endTime: Fixed.at(minutes: 60), isActive: false, updatedAt: Fixed.start)
            var water = LogEntry.water(id: UUID(number: 0x72), sessionId: night.id, at: Fixed.start, amountOz: 8)
            water.deletedAt = Fixed.start
            _ = try await store.applyPage([.session(night), .logEntry(water)], cursor: SyncCursor(accountId: UUID(number: 0xACC), position: 1))
            // Everything had been sent to the account before.
            try await store.settle(try await store.pendingChanges().map { PushedChange(key: $0.id, revision: $0.revision) })
            #expect(try await store.pendingChanges().isEmpty)
            try await store.requeueAll()
            let keys = try await store.pendingChanges().map(\.id)
            #expect(keys.first == SyncKey(entity: .session, id: night.id))
            #expect(keys.last == SyncKey(entity: .logEntry, id: water.id))
            #expect(keys.filter { $0.entity == .preset }.count == 5)
            #expect(!keys.contains { $0.entity == .settings })
        },
    ]
}
