import Foundation
import Testing
import WaterlineCore
import WaterlineAPI
import WaterlineStorage
import WaterlineRuntime

extension StoreConformance {
    /// The change feed a paired watch pulls from (`StoreRules.peerChanges`).
    static let feedChecks: [StoreConformance] = [
        StoreConformance("every write, from any writer, takes the next place in the feed, one entry a record; a pull after a cursor carries what changed since") { store in
            let clock = TestClock()
            let service = service(store, clock: clock)
            _ = try await service.prepare(settings: UserSettings(waterEveryNDrinks: 2))
            let session = try await service.startSession().snapshot.session
            clock.advance(minutes: 5)
            let water = try #require(try await service.quickLog(.water, source: .phone).changedLog)
            let since = sessionsSince(clock)
            let first = try await store.peerChanges(after: 0, limit: 100, sessionsSince: since)
            #expect(!first.hasMore && first.changes.count == 8, "settings, 5 presets, the session, its log")
            #expect(Set(first.changes.map(\.key)).count == first.changes.count, "each record once")

            clock.advance(minutes: 5)
            var edited = water
            edited.waterMeta?.amountOz = 12
            edited.updatedAt = clock.now
            try await store.saveLog(edited)
            let next = try await store.peerChanges(after: first.cursor, limit: 100, sessionsSince: since)
            #expect(next.changes == [.logEntry(edited)] && next.cursor > first.cursor)

            // A version from elsewhere (a pull) is in the feed too; nothing after it is empty.
            var remote = session
            remote.updatedAt = clock.now.addingTimeInterval(1)
            #expect(try await store.applyRemote(.session(remote.record)))
            let pulled = try await store.peerChanges(after: next.cursor, limit: 100, sessionsSince: since)
            #expect(pulled.changes.map(\.key) == [SyncPayload.session(remote.record).key])
            #expect(try await store.peerChanges(after: pulled.cursor, limit: 100, sessionsSince: since).changes.isEmpty)
        },
        StoreConformance("a page holds at most its limit and moves its cursor on; a record the paired device pushed as it is kept is passed over but in a first pull; erasing empties the feed") { store in
            let clock = TestClock()
            let service = service(store, clock: clock)
            _ = try await service.prepare(settings: nil)
            let session = try await service.startSession().snapshot.session
            let since = sessionsSince(clock)
            var all: [SyncPayload] = []
            var cursor = 0
            var pages = 0
            while true {
                let page = try await store.peerChanges(after: cursor, limit: 2, sessionsSince: since)
                #expect(page.changes.count <= 2)
                all += page.changes
                pages += 1
                if !page.hasMore { break }
                #expect(page.cursor > cursor)
                cursor = page.cursor
            }
            #expect(all.count == 6 && pages >= 3, "5 presets and the session, 2 a page")

            let last = try await store.peerChanges(after: 0, limit: 100, sessionsSince: since).cursor
            clock.advance(minutes: 3)
            let pushed = LogEntry.water(id: UUID(number: 0x70), sessionId: session.id, at: clock.now, amountOz: 8)
            let accepted = try await store.acceptFromPeer([.logEntry(pushed)])
            #expect(accepted.written == 1)
            #expect(try await store.peerChanges(after: last, limit: 100, sessionsSince: since).changes.isEmpty, "not sent back to the device that sent it")
            #expect(try await store.peerChanges(after: 0, limit: 100, sessionsSince: since).changes.contains(.logEntry(pushed)), "a first pull has it")

            try await store.deleteAll()
            try await person(store)
            #expect(try await store.peerChanges(after: 0, limit: 100, sessionsSince: since).changes.isEmpty, "the feed went with the records")
        },
        StoreConformance("what changed since a version names each writer's records (a log by its session), and everything when the feed began again") { store in
            let clock = TestClock()
            let service = service(store, clock: clock)
            _ = try await service.prepare(settings: nil)
            let past = try await service.startSession().snapshot.session
            clock.advance(minutes: 60)
            _ = try await service.endSession()
            clock.advance(minutes: 60)
            let session = try await service.startSession().snapshot.session
            let start = try await store.changes(after: Int.max)
            #expect(start.records == .all, "nothing seen yet: everything")
            #expect(try await store.changes(after: start.version) == StoreChangeSet(version: start.version, records: .none))

            // An action's log names its session; a pull's late log names the ended session it joined.
            clock.advance(minutes: 5)
            _ = try await service.quickLog(.water, source: .phone)
            let logged = try await store.changes(after: start.version)
            #expect(logged.records == ChangedRecords(sessions: [session.id]) && logged.version > start.version)
            #expect(logged.records.changesPastSessions(besides: session.id) == false)
            let late = LogEntry.water(id: UUID(number: 0x71), sessionId: past.id, at: past.startTime.addingTimeInterval(60), amountOz: 8)
            #expect(try await store.applyRemote(.logEntry(late)))
            let pulled = try await store.changes(after: logged.version)
            #expect(pulled.records.sessions == [past.id] && pulled.records.changesPastSessions(besides: session.id))

            // A paired device's push, settings and a preset.
            let pushed = LogEntry.water(id: UUID(number: 0x72), sessionId: session.id, at: clock.now, amountOz: 8)
            #expect(try await store.acceptFromPeer([.logEntry(pushed)]).written == 1)
            #expect(try await store.changes(after: pulled.version).records == ChangedRecords(sessions: [session.id]))
            let before = try await store.changes(after: pulled.version).version
            var settings = try #require(try await store.user()).settings
            settings.waterEveryNDrinks = 3
            _ = try await service.perform(.updateSettings(settings))
            let preset = try #require(try await store.presets().first)
            _ = try await service.perform(.deletePreset(id: preset.id))
            #expect(try await store.changes(after: before).records == ChangedRecords(settings: true, presets: [preset.id]))

            // Everything deleted, then more written than the feed held before (a fresh start pulls
            // a whole account): the feed goes on past the mark, and whoever looked before sees everything.
            let seen = try await store.changes(after: before).version
            try await store.deleteAll()
            try await person(store)
            let again = StoreConformance.service(store, clock: clock)
            _ = try await again.prepare(settings: nil)
            for _ in 0..<seen { _ = try await again.perform(.addPreset(PresetDraft(name: "Cider", drinkType: .beer, sizeOz: 12, estimate: 1))) }
            let after = try await store.changes(after: seen)
            #expect(after.records == .all && after.version > seen)
            #expect(try await store.changes(after: after.version).records == .none)
        },
    ]

    /// The sessions a watch keeps: those of the last three days, with the running and the last ended one.
    static func sessionsSince(_ clock: TestClock) -> Date {
        clock.now.addingTimeInterval(-WatchLinkServer.window)
    }
}
