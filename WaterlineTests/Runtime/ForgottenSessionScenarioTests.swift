import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// Friday's session was never ended. Saturday evening the person taps a widget, the watch or Siri:
/// that is a new session, not more of Friday's, whatever surface it comes from.
@Suite("Scenario: a forgotten session and the next evening")
@MainActor
struct ForgottenSessionScenarioTests {
    /// Friday: started at 20:00, a drink at 20:30 and one at 01:00, never ended.
    func friday() async throws -> (ServiceHarness, SessionSnapshot) {
        let harness = try await ServiceHarness.prepared()
        let friday = try await harness.service.startSession().snapshot
        harness.clock.advance(minutes: 30)
        _ = try await harness.service.quickLog(.alcohol, source: .phone)
        harness.clock.advance(minutes: 4 * 60 + 30)
        _ = try await harness.service.quickLog(.alcohol, source: .phone)
        return (harness, try await harness.service.session(id: friday.session.id))
    }

    @Test("a widget's Log Water on Saturday ends Friday at its last drink and starts Saturday's session with the water")
    func widgetOnSaturday() async throws {
        let (harness, friday) = try await friday()
        let lastDrink = try #require(friday.logs.last).timestamp
        harness.clock.advance(minutes: 20 * 60)
        let phone = DeviceProcess(
            harness, liveActivities: RecordingLiveActivities.showing(friday),
            expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens]
        )
        // The widget's button is a `LiveActivityIntent` in the app's process: it may start one.
        phone.liveActivities.allowsStart = true
        await phone.runtime.handle(.launched)
        let outcome = try await phone.runtime.handle(.intent(.logWater, source: .widget))

        let ended = try await harness.service.session(id: friday.session.id)
        #expect(!ended.session.isActive && ended.session.endTime == lastDrink, "Friday ends at its last drink")
        #expect(ended.session.computedSummary?.totalAlcoholCount == 2 && ended.session.computedSummary?.durationSeconds == 5 * 3600)
        let saturday = try #require(try await harness.service.activeSession())
        #expect(saturday.session.id != friday.session.id && saturday.session.startTime == harness.clock.now)
        #expect(saturday.logs.map(\.type) == [.water] && saturday.state.waterlineValue == -1, "Saturday starts from zero, not Friday's +2")
        #expect(outcome.dialog == "Water logged. Waterline −1.")
        #expect(phone.liveActivities.ended[friday.session.id] != nil && phone.liveActivities.running[saturday.session.id] != nil)
        #expect(phone.notifications.pending.values.allSatisfy { $0.sessionId == saturday.session.id })
        let home = HomeModel(actions: phone.runtime, preferences: MemoryPreferences())
        await home.appeared()
        #expect(home.recent.first?.sessionId == friday.session.id && home.active?.session.id == saturday.session.id)
    }

    @Test("a refused log on Saturday (an unknown preset, an impossible amount) writes nothing: Friday stays as it was")
    func refusedOnSaturday() async throws {
        let (harness, friday) = try await friday()
        harness.clock.advance(minutes: 20 * 60)
        let phone = DeviceProcess(harness)
        await #expect(throws: SessionServiceError.unknownPreset(UUID(number: 0xBAD))) {
            try await phone.runtime.send(.logDrink(.preset(UUID(number: 0xBAD)), source: .widget))
        }
        await #expect(throws: SessionServiceError.self) {
            try await phone.runtime.send(.logWater(amountOz: 500, source: .phone))
        }
        let still = try #require(try await harness.service.activeSession())
        #expect(still.session == friday.session && still.logs == friday.logs, "no session ended, none started, nothing logged")
    }

    @Test("a watch log made on Friday with the phone away lands in Friday; one made on Saturday starts a new session on the watch, and the phone follows")
    func watchOnSaturday() async throws {
        let (harness, friday) = try await friday()
        let phone = DeviceProcess(harness, expecting: [.reminders, .widgets, .watch, .sync, .screens], wristExpecting: [.reminders, .widgets])
        _ = try await phone.watchSees()
        let watch = try #require(phone.pairedWatch)
        await watch.phone(reachable: false)
        harness.clock.advance(minutes: 1)
        let late = try await watch.runtime.send(.logWater(source: .watch))
        harness.clock.advance(minutes: 20 * 60)
        await watch.phone(reachable: true)
        #expect(try await harness.service.session(id: friday.session.id).logs.map(\.id).contains(late.changedLog?.id ?? UUID()), "a log from Friday session is Friday's")
        #expect(try await harness.service.activeSession()?.session.id == friday.session.id)

        let tonight = try await phone.onWatch(.logWater(source: .watch))
        let saturday = try #require(try await harness.service.activeSession())
        let tonightLog = try #require(tonight.changedLog)
        #expect(saturday.session.id != friday.session.id && saturday.logs.map(\.id) == [tonightLog.id])
        #expect(try await harness.service.session(id: friday.session.id).session.isActive == false)
        #expect(try await phone.watchSees().active?.session.id == saturday.session.id)
    }

    @Test("Siri's start on Saturday starts a session instead of answering that Friday's is running")
    func startOnSaturday() async throws {
        let (harness, friday) = try await friday()
        harness.clock.advance(minutes: 20 * 60)
        let siri = DeviceProcess(harness, capabilities: .phoneExtension, expecting: [.reminders, .widgets, .signal, .screens])
        let outcome = try await siri.runtime.handle(.intent(.startSession, source: .phone))
        #expect(outcome.dialog == "Session started. It shows on your Lock Screen once you open Waterline.")
        #expect(try await harness.service.session(id: friday.session.id).session.isActive == false)
        #expect(try await harness.service.activeSession()?.session.id != friday.session.id)
    }

    @Test("a long session still being logged is never cut: 14 hours in, a drink an hour ago, it goes on")
    func longSession() async throws {
        let harness = try await ServiceHarness.prepared()
        let snapshot = try await harness.service.startSession().snapshot
        for _ in 0..<13 {
            harness.clock.advance(minutes: 60)
            _ = try await harness.service.quickLog(.water, source: .phone)
        }
        harness.clock.advance(minutes: 60)
        let result = try await harness.service.quickLog(.alcohol, source: .widget)
        #expect(try result.snapshot.session.id == snapshot.session.id)
        #expect(!result.pastSessionsChanged)
    }
}
