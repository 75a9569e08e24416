import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineRuntime
import WaterlineTestSupport

/// "I'm planning four drinks tonight", said to Siri: the running session's plan, or a session started
/// with it, through the same door as the phone's and the watch's plan.
@Suite("Scenario: a plan said to Siri")
@MainActor
struct SiriPlanScenarioTests {
    @Test("with no session running, Siri starts one with the plan; with one running, it plans it; the plan shows where the app's does")
    func plan() async throws {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(
            harness, liveActivities: RecordingLiveActivities(),
            expecting: [.reminders, .widgets, .watch, .sync, .screens], wristExpecting: [.reminders, .widgets]
        )
        await phone.runtime.handle(.launched)
        let first = try await phone.runtime.handle(.intent(.planSession(drinks: 4), source: .phone))
        #expect(first.dialog == "Session started, with 4 drinks planned.")
        let session = try #require(try await harness.store.activeSession())
        #expect(session.plannedDrinks == 4)

        let again = try await phone.runtime.handle(.intent(.planSession(drinks: 1), source: .phone))
        #expect(again.dialog == "Planned 1 drink for tonight.")
        #expect(try await harness.store.activeSession()?.id == session.id, "the same session")
        #expect(try await harness.store.activeSession()?.plannedDrinks == 1)
        await phone.settled()
        #expect(phone.sync.pushes >= 1, "the plan goes to the cloud as any change")
        #expect(try await phone.watchSees().active?.session.plannedDrinks == 1, "and to the wrist")
    }

    @Test("a plan of 0 or past 30 drinks is refused, nothing is planned, and no session is started for it")
    func outOfRange() async throws {
        let (harness, _) = try await ServiceHarness.sessionStarted()
        let phone = DeviceProcess(harness, expecting: [.sync])
        await phone.runtime.handle(.launched)
        await #expect(throws: SessionServiceError.self) { try await phone.runtime.handle(.intent(.planSession(drinks: 31), source: .phone)) }
        #expect(try await harness.store.activeSession()?.plannedDrinks == nil)

        let idle = try await ServiceHarness.prepared()
        let other = DeviceProcess(idle, expecting: [.sync])
        await other.runtime.handle(.launched)
        await #expect(throws: SessionServiceError.self) { try await other.runtime.handle(.intent(.planSession(drinks: 0), source: .phone)) }
        #expect(try await idle.store.activeSession() == nil, "no session was started for a plan refused")
    }
}
