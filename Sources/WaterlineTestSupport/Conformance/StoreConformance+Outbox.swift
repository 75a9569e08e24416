import Foundation
import Testing
import WaterlineCore
import WaterlineAPI
import WaterlineStorage
import WaterlineRuntime

extension StoreConformance {
    /// The outbox: what a save queues, how changes coalesce, and how a pushed batch settles.
    static let outboxChecks: [StoreConformance] = [
        StoreConformance("every action queues its record, in order; untouched settings never") { store in
            let service = service(store)
            try await service.prepare()
            #expect(try await store.pendingChanges().map(\.id.entity) == Array(repeating: .preset, count: 5), "defaults nobody chose are not queued")
            _ = try await service.startSession()
            _ = try await service.quickLog(.alcohol, source: .phone)
            var settings = try await service.settings()
            settings.waterEveryNDrinks = 3
            _ = try await service.updateSettings(settings)
            #expect(try await store.pendingChanges().map(\.id.entity) == [.preset, .preset, .preset, .preset, .preset, .session, .logEntry, .settings])
        },
        StoreConformance("several changes to one record coalesce, keep their first place and bump the revision") { store in
            try await person(store)
            var session = Fixed.session()
            try await store.saveSession(session)
            try await store.saveLog(Fixed.drink(1, at: 1))
            session.isActive = false
            session.endTime = Fixed.at(minutes: 5)
            try await store.saveSession(session)
            let pending = try await store.pendingChanges()
            #expect(pending.map(\.id.entity) == [.session, .logEntry])
            #expect(pending.first?.revision == 2)
            #expect(pending.first?.payload == .session(session.record))
        },
        StoreConformance("an acknowledgement of an older revision keeps the newer edit; a refusal waits for the next edit") { store in
            try await person(store)
            try await store.saveSession(Fixed.session())
            var log = Fixed.drink(2, at: 1)
            try await store.saveLog(log)
            let sent = try #require(try await store.pendingChanges().last)
            log.alcoholMeta?.standardDrinkEstimate = 2
            log.updatedAt = Fixed.at(minutes: 2)
            try await store.saveLog(log)
            try await store.completeChange(sent.id, revision: sent.revision)
            let newer = try #require(try await store.pendingChanges().last)
            #expect(newer.id == sent.id && newer.revision == sent.revision + 1)
            try await store.failChange(newer.id, revision: newer.revision, reason: "refused")
            #expect(try await store.pendingChanges().last?.failure == "refused")
            #expect(try await store.nextChanges(limit: 10).map(\.id) == [SyncKey(entity: .session, id: Fixed.sessionId)], "a refused change is not handed out")
            #expect(try await store.outboxCounts() == OutboxCounts(pending: 1, failed: 1))
            log.updatedAt = Fixed.at(minutes: 3)
            try await store.saveLog(log)
            #expect(try await store.pendingChanges().last?.isFailed == false, "a new edit is sent again")
        },
        StoreConformance("the outbox hands out batches in order, settles them in one step, and keeps a newer edit") { store in
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
            guard case .logEntry(var log) = edited.payload else {
                Issue.record("expected a log last")
                return
            }
            log.waterMeta = WaterMeta(amountOz: 12)
            log.updatedAt = log.updatedAt.addingTimeInterval(1)
            try await store.saveLog(log)
            var pushed = batch.map { PushedChange(key: $0.id, revision: $0.revision, stored: $0.payload) }
            pushed[0].failure = "refused"
            pushed[0].stored = nil
            #expect(try await store.settle(pushed).isEmpty, "the versions the backend kept were this device's own")
            let left = try await store.pendingChanges()
            #expect(left.map(\.id) == [batch[0].id, edited.id])
            #expect(left.map(\.isFailed) == [true, false])
            #expect(try await store.nextChanges(limit: 10).map(\.id) == [edited.id])
            #expect(try await store.outboxCounts() == OutboxCounts(pending: 1, failed: 1))
            #expect(try await store.log(id: log.id)?.waterMeta?.amountOz == 12)
        },
        StoreConformance("a batch settles with the backend's newer version merged in and counted") { store in
            try await person(store)
            try await store.saveSession(Fixed.session())
            let log = Fixed.drink(2, at: 1)
            try await store.saveLog(log)
            let batch = try await store.nextChanges(limit: 10)
            var kept = log
            kept.alcoholMeta?.standardDrinkEstimate = 3
            kept.updatedAt = Fixed.at(minutes: 9)
            let pushed = batch.map { PushedChange(key: $0.id, revision: $0.revision, stored: $0.id == SyncKey(entity: .logEntry, id: log.id) ? .logEntry(kept) : $0.payload) }
            #expect(try await store.settle(pushed) == ChangedRecords(sessions: [log.sessionId]))
            #expect(try await store.log(id: log.id)?.alcoholMeta?.standardDrinkEstimate == 3)
            #expect(try await store.pendingChanges().isEmpty)
        },
        StoreConformance("the backend's answer to this device's own change is kept even with an earlier stamp (a clock running ahead, bounded); not over a newer edit") { store in
            try await person(store)
            try await store.saveSession(Fixed.session())
            // This device's clock runs a day ahead.
            var log = Fixed.drink(2, at: 1)
            log.updatedAt = Fixed.at(minutes: 24 * 60)
            try await store.saveLog(log)
            let batch = try await store.nextChanges(limit: 10)
            var bounded = log
            bounded.updatedAt = Fixed.at(minutes: 3)
            let pushed = batch.map { PushedChange(key: $0.id, revision: $0.revision, stored: $0.id == SyncKey(entity: .logEntry, id: log.id) ? .logEntry(bounded) : $0.payload) }
            #expect(try await store.settle(pushed) == ChangedRecords(sessions: [log.sessionId]))
            #expect(try await store.log(id: log.id)?.updatedAt == Fixed.at(minutes: 3), "the stamp the backend kept")
            // So a later edit from elsewhere (a pull) now wins, as it should.
            var elsewhere = log
            elsewhere.alcoholMeta?.standardDrinkEstimate = 2
            elsewhere.updatedAt = Fixed.at(minutes: 10)
            #expect(try await store.applyRemote(.logEntry(elsewhere)))
            #expect(try await store.log(id: log.id)?.alcoholMeta?.standardDrinkEstimate == 2)

            // Edited here again while the push was under way: the newer local edit stays.
            var again = try #require(try await store.log(id: log.id))
            again.alcoholMeta?.standardDrinkEstimate = 4
            again.updatedAt = Fixed.at(minutes: 24 * 60 + 5)
            try await store.saveLog(again)
            let sent = try #require(try await store.nextChanges(limit: 10).last)
            again.alcoholMeta?.standardDrinkEstimate = 5
            again.updatedAt = Fixed.at(minutes: 24 * 60 + 6)
            try await store.saveLog(again)
            var answer = again
            answer.alcoholMeta?.standardDrinkEstimate = 4
            answer.updatedAt = Fixed.at(minutes: 12)
            _ = try await store.settle([PushedChange(key: sent.id, revision: sent.revision, stored: .logEntry(answer))])
            #expect(try await store.log(id: log.id)?.alcoholMeta?.standardDrinkEstimate == 5)
            #expect(try await store.pendingChanges().count == 1, "the newer edit still waits")
        },
        StoreConformance("the backend's answer to this device's settings is kept whole, with another device's setting under the same stamp") { store in
            try await person(store)
            var user = try #require(try await store.user())
            var chosen = user.settings
            chosen.waterEveryNDrinks = 4
            user.settings = user.settings.edited(to: chosen, at: Fixed.at(minutes: 10))
            try await store.saveUser(user)
            let sent = try #require(try await store.pendingChanges().first { $0.id.entity == .settings })
            // The backend held another device's units, chosen earlier: its merge keeps both.
            var elsewhere = UserSettings()
            elsewhere.units = .ml
            let theirs = UserSettings().edited(to: elsewhere, at: Fixed.at(minutes: 5))
            let kept = user.settings.merged(with: theirs)
            #expect(kept.updatedAt == user.settings.updatedAt, "the same stamp as this device's")
            _ = try await store.settle([PushedChange(key: sent.id, revision: sent.revision, stored: .settings(kept))])
            #expect(try await store.user()?.settings == kept)
            #expect(try await store.pendingChanges().isEmpty)
        },
    ]
}
