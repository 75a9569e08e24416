import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineRuntime
import WaterlineTestSupport

/// The running session is kept up to date by each log rather than read, sorted and replayed again
/// (`SessionSnapshot.adding`, the service's `RunningSession`), and stays exactly what a full
/// recompute from the store makes, whatever comes: logs now and late, edits, deletions, another
/// writer's logs, a settings change.
@Suite("The session kept up to date, exactly")
struct SessionUpToDateTests {
    /// The session as a full recompute from the store's records makes it.
    static func recomputed(_ store: InMemorySessionStore, settings: UserSettings, now: Date) async throws -> SessionSnapshot? {
        guard let session = try await store.activeSession() else { return nil }
        return SessionSnapshot(replaying: session, logs: try await store.logs(sessionId: session.id), settings: settings, planner: ReminderPlanner(), now: now)
    }

    @Test("adding a log, now or earlier, makes what replaying every log makes", arguments: [1, 2, 3])
    func addingMatchesReckoning(_ seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let settings = UserSettings(waterEveryNDrinks: 2, warningThreshold: 3)
        let session = Session.mockNightOut
        var logs: [LogEntry] = []
        var snapshot = SessionSnapshot(replaying: session, logs: [], settings: settings, planner: ReminderPlanner(), now: session.startTime)
        for index in 0..<120 {
            let minutes = Double(Int.random(in: 0...300, using: &random))
            let water = Bool.random(using: &random)
            let log = LogEntry(
                id: UUID(number: 0xA000 + index), sessionId: session.id, timestamp: session.startTime.addingTimeInterval(minutes * 60),
                type: water ? .water : .alcohol, alcoholMeta: water ? nil : AlcoholMeta(drinkType: .beer, sizeOz: 12, abv: 5, standardDrinkEstimate: Double(Int.random(in: 1...3, using: &random)) / 2),
                waterMeta: water ? WaterMeta(amountOz: 8) : nil, source: .phone, updatedAt: session.startTime
            )
            let now = session.startTime.addingTimeInterval(Double(index) * 60)
            snapshot = snapshot.adding(log, settings: settings, planner: ReminderPlanner(), now: now)
            logs.append(log)
            let full = SessionSnapshot(replaying: session, logs: logs.sorted(by: WaterlineEngine.isOrderedBefore), settings: settings, planner: ReminderPlanner(), now: now)
            #expect(snapshot == full, "after log \(index + 1)")
        }
    }

    @Test("through the session service, a long random session with late logs, edits, deletions, another writer's logs and presets and a settings change: after every change the state shown is the store's, its session the full recompute's", arguments: [7, 8])
    func serviceSessionMatchesRecompute(_ seed: UInt64) async throws {
        var random = SeededRandom(seed: seed)
        let harness = try await ServiceHarness.prepared(UserSettings(waterEveryNDrinks: 2))
        let (service, store, clock) = (harness.service, harness.store, harness.clock)
        _ = try await service.perform(.startSession)
        var made: [LogEntry] = []
        for step in 0..<400 {
            clock.advance(minutes: Double(Int.random(in: 0...3, using: &random)))
            let roll = Int.random(in: 0..<100, using: &random)
            let result: ActionResult
            switch roll {
            case 0..<55:
                result = try await service.perform(.logDrink(.quick, source: .phone))
            case 55..<80:
                result = try await service.perform(.logWater(source: .watch))
            case 80..<88:
                // A late log, some minutes back.
                let back = Double(Int.random(in: 1...30, using: &random)) * 60
                let at = max(try #require(try await store.activeSession()).startTime, clock.now.addingTimeInterval(-back))
                result = try await service.perform(.logWater(source: .phone, at: at))
            case 88..<92 where !made.isEmpty:
                var edited = made[Int.random(in: made.indices, using: &random)]
                if edited.type == .alcohol { edited.alcoholMeta?.standardDrinkEstimate = 2 } else { edited.timestamp = max(edited.timestamp.addingTimeInterval(-60), Fixed.start) }
                result = try await service.perform(.editLog(edited))
            case 92..<95 where !made.isEmpty:
                let gone = made.remove(at: Int.random(in: made.indices, using: &random))
                result = try await service.perform(.deleteLog(id: gone.id))
            case 95..<97:
                // Another process renames the quick drink; then a drink here.
                var quick = try #require(try await store.presets().first)
                quick.name = "Lager \(step)"
                quick.updatedAt = clock.now
                try await store.savePreset(quick)
                result = try await service.perform(.logDrink(.quick, source: .phone))
            case 97..<99:
                // Another writer (a widget's process, the paired device) logs into the session.
                let session = try #require(try await store.activeSession())
                try await store.saveLog(LogEntry(id: UUID(number: 0xF_0000 + step), sessionId: session.id, timestamp: clock.now, type: .water,
                                                 waterMeta: WaterMeta(amountOz: 8), source: .widget, updatedAt: clock.now))
                result = try await service.perform(.logDrink(.quick, source: .phone))
            default:
                var settings = try await service.settings()
                settings.warningThreshold = settings.warningThreshold == 3 ? 4 : 3
                result = try await service.perform(.updateSettings(settings))
            }
            if let log = result.changedLog, log.deletedAt == nil, !made.contains(where: { $0.id == log.id }) { made.append(log) }
            let settings = try #require(try await store.user()).settings
            let full = try await Self.recomputed(store, settings: settings, now: clock.now)
            #expect(result.state.active == full, "step \(step) (roll \(roll))")
            let presets = try await store.presets()
            #expect(result.state.settings == settings && result.state.presets == presets, "step \(step): the settings and presets as stored")
            if result.state.active != full { return }
        }
        #expect(made.count > 200)
    }

    @Test("what another writer brings (the phone's deliveries, a pull: new logs now and late, the session's own logs come back, edits, deletions, a past session's log), followed from the state before it: after every change the session is the full recompute's", arguments: [11, 12])
    func followedSessionMatchesRecompute(_ seed: UInt64) async throws {
        var random = SeededRandom(seed: seed)
        let harness = try await ServiceHarness.prepared(UserSettings(waterEveryNDrinks: 2))
        let (service, store, clock) = (harness.service, harness.store, harness.clock)
        let past = try #require(try await service.perform(.startSession).session?.session)
        _ = try await service.perform(.endSession())
        clock.advance(minutes: 60 * 24)
        let session = try #require(try await service.perform(.startSession).session?.session)
        var basis = try await service.state()
        var brought: [LogEntry] = []
        var stepped = 0
        for step in 0..<300 {
            clock.advance(minutes: Double(Int.random(in: 0...3, using: &random)))
            let roll = Int.random(in: 0..<100, using: &random)
            var writes: [LogEntry] = []
            func log(_ number: Int, at time: Date, sessionId: UUID = session.id) -> LogEntry {
                LogEntry(id: UUID(number: 0xB_0000 + number), sessionId: sessionId, timestamp: time, type: number.isMultiple(of: 3) ? .water : .alcohol,
                         alcoholMeta: number.isMultiple(of: 3) ? nil : AlcoholMeta(drinkType: .beer, sizeOz: 12, abv: 5, standardDrinkEstimate: 1),
                         waterMeta: number.isMultiple(of: 3) ? WaterMeta(amountOz: 8) : nil, source: .phone, updatedAt: clock.now)
            }
            switch roll {
            case 0..<60:
                // One or a few new logs now, as one delivery.
                for index in 0..<Int.random(in: 1...3, using: &random) { writes.append(log(step * 4 + index, at: clock.now)) }
            case 60..<75:
                let back = Double(Int.random(in: 1...40, using: &random)) * 60
                writes.append(log(step * 4, at: max(session.startTime, clock.now.addingTimeInterval(-back))))
            case 75..<82 where !brought.isEmpty:
                // A log the watch holds already comes back as it is.
                writes.append(brought[Int.random(in: brought.indices, using: &random)])
            case 82..<90 where !brought.isEmpty:
                var edited = brought[Int.random(in: brought.indices, using: &random)]
                edited.timestamp = max(session.startTime, edited.timestamp.addingTimeInterval(-90))
                edited.updatedAt = clock.now.addingTimeInterval(1)
                writes.append(edited)
            case 90..<95 where !brought.isEmpty:
                var gone = brought.remove(at: Int.random(in: brought.indices, using: &random))
                gone.deletedAt = clock.now.addingTimeInterval(1)
                gone.updatedAt = clock.now.addingTimeInterval(1)
                writes.append(gone)
            default:
                writes.append(log(step * 4, at: past.startTime.addingTimeInterval(60), sessionId: past.id))
            }
            for write in writes { _ = try await store.applyRemote(.logEntry(write)) }
            for write in writes where write.deletedAt == nil && write.sessionId == session.id {
                brought.removeAll { $0.id == write.id }
                brought.append(try #require(try await store.log(id: write.id)))
            }
            let changes = try await service.changes(after: basis.version)
            let reads = await store.logListReads
            let followed = try await service.state(after: changes.records, from: basis)
            let readsAfter = await store.logListReads
            let settings = try #require(try await store.user()).settings
            let full = try await Self.recomputed(store, settings: settings, now: clock.now)
            #expect(followed.active == full, "step \(step) (roll \(roll))")
            if followed.active != full { return }
            if followed.active != basis.active, readsAfter == reads { stepped += 1 }
            basis = followed
        }
        #expect(stepped > 100, "most changes stepped the session on, reading none of its logs (\(stepped) of 300)")
    }
}
