import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// A past session's summary agrees with its timeline after logs arrive late by sync (from another
/// device, or from the watch), keeping the N the session was scored by.
@Suite("Scenario: late logs revise a past session's summary")
@MainActor
struct LateLogSummaryScenarioTests {
    @Test("a pulled page brings a water and a drink into last session: the stored summary and the report follow")
    func pulledIntoPastSession() async throws {
        let harness = try await ServiceHarness.prepared(UserSettings(waterEveryNDrinks: 1))
        let session = try await harness.service.startSession().snapshot.session
        harness.clock.advance(minutes: 10)
        try await harness.service.logDrink(.quick, source: .phone)
        harness.clock.advance(minutes: 50)
        let ended = try await harness.service.endSession().snapshot.session
        #expect(ended.computedSummary?.totalWaterCount == 0)
        // The N changes since; the session keeps the N it was scored by.
        try await harness.service.perform(.updateSettings(UserSettings(waterEveryNDrinks: 3)))

        let water = LogEntry.water(id: UUID(number: 0x1A7E), sessionId: session.id, at: session.startTime.addingTimeInterval(20 * 60), amountOz: 8)
        var drink = LogEntry.alcohol(id: UUID(number: 0x1A7F), sessionId: session.id, at: session.startTime.addingTimeInterval(30 * 60), .standardDrink)
        drink.source = .watch
        let phone = DeviceProcess(harness, expecting: [.widgets, .watch, .sync, .screens])
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.becameActive)
        _ = try await harness.store.applyPage([.logEntry(water), .logEntry(drink)], cursor: SyncCursor(accountId: UUID(number: 0xACC), position: 9))

        let revised = try #require(try await harness.store.session(id: session.id)?.computedSummary)
        #expect(revised.totalWaterCount == 1 && revised.totalAlcoholCount == 2)
        #expect(revised.waterEveryNDrinks == 1, "scored by the N it had")
        #expect(revised.adherence.breaksDue == 1 && revised.adherence.breaksKept == 1, "the last drink's break was still open at the end")
        let report = SessionReport(try await phone.runtime.reader.session(id: session.id), settings: try await harness.service.settings(), now: harness.clock.now)
        #expect(report.summary.totalWaterCount == 1 && report.summary.totalAlcoholCount == 2, "the report agrees with the timeline")
        let queued = try await harness.store.pendingChanges().first { $0.id == SyncKey(entity: .session, id: session.id) }
        guard case .session(let waiting)? = queued?.payload else { Issue.record("the ended session is not waiting to go up"); return }
        #expect(waiting.computedSummary?.totalWaterCount == 0, "derived alike on every device: the revision is not queued as a change")
    }

    @Test("the watch logs into a session the phone ended meanwhile: both devices' summaries count it")
    func watchLogIntoEndedSession() async throws {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(harness, expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens])
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.becameActive)
        let watch = PairedWatch(clock: harness.clock, phone: phone.runtime, expecting: [.reminders, .widgets])
        await watch.launch()
        try await phone.runtime.send(.startSession)
        _ = try await watch.pulled()
        await watch.phone(reachable: false)
        harness.clock.advance(minutes: 30)
        let snapshot = try #require(try await phone.runtime.send(.endSession()).session)
        #expect(snapshot.session.computedSummary?.totalWaterCount == 0)
        harness.clock.advance(minutes: 2)
        try await watch.runtime.send(.logWater(source: .watch))
        await watch.phone(reachable: true)
        _ = try await watch.pulled()
        #expect(try await harness.store.session(id: snapshot.session.id)?.computedSummary?.totalWaterCount == 1)
        #expect(try await watch.store.session(id: snapshot.session.id)?.computedSummary?.totalWaterCount == 1)
    }
}
