import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// ActivityKit's rules on the strict platform: no start from the background, and a Live Activity
/// ended by the system eight hours after it started.
@Suite("Scenario: a Live Activity within ActivityKit's rules")
@MainActor
struct LiveActivityLifetimeScenarioTests {
    /// The phone's app in front, a night started.
    static func nightStartedInFront() async throws -> (ServiceHarness, DeviceProcess, SessionSnapshot) {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(harness)
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.becameActive)
        let night = try #require(try await phone.runtime.send(.startSession).session)
        return (harness, phone, night)
    }

    @Test("a night past eight hours: the system ends its Live Activity with its last state; a log in the background cannot start another; the app in front brings it back, taking the ended tile off the Lock Screen first, never two side by side")
    func pastEightHours() async throws {
        let (harness, phone, night) = try await Self.nightStartedInFront()
        #expect(phone.liveActivities.running[night.session.id] != nil)
        await phone.runtime.handle(.resignedActive)
        // Still out: a drink halfway, so the night is not quiet at the eighth hour.
        harness.clock.advance(minutes: 4 * 60)
        try await phone.runtime.send(.logDrink(.quick, source: .phone), from: .liveActivity)
        await phone.settled()

        harness.clock.advance(minutes: 4 * 60 + 5)
        let reminder = NotificationResponse(actionIdentifier: NotificationAction.logWater.rawValue, requestIdentifier: "waterline.time.x.1")
        await phone.runtime.handle(.notificationResponse(reminder))
        await phone.settled()
        #expect(phone.liveActivities.running.isEmpty && phone.liveActivities.ended[night.session.id] != nil, "ended by the system")
        #expect(phone.liveActivities.refusedStarts == 1, "asked again from the background, and refused")

        #expect(phone.liveActivities.endedSessionIds() == [night.session.id], "the ended tile still shows, as iOS keeps it")
        await phone.runtime.handle(.becameActive)
        let shown = try #require(phone.liveActivities.running[night.session.id])
        #expect(shown.totalWaterCount == 1, "back, showing the night as it stands")
        #expect(phone.liveActivities.dismissals == 1 && phone.liveActivities.endedSessionIds().isEmpty, "the ended tile went first")
    }

    @Test("past eight hours, \"+ Water\" on the ended tile itself (a Live Activity intent, which may start one from the background): the tile is replaced, not doubled")
    func tileButtonReplacesEndedTile() async throws {
        let (harness, phone, night) = try await Self.nightStartedInFront()
        await phone.runtime.handle(.resignedActive)
        harness.clock.advance(minutes: 4 * 60)
        try await phone.runtime.send(.logDrink(.quick, source: .phone), from: .liveActivity)
        harness.clock.advance(minutes: 4 * 60 + 5)
        #expect(phone.liveActivities.runningSessionIds().isEmpty && phone.liveActivities.endedSessionIds() == [night.session.id])

        phone.liveActivities.allowsStart = true
        try await phone.runtime.send(.logWater(source: .phone), from: .liveActivity)
        await phone.settled()
        #expect(phone.liveActivities.dismissals == 1 && phone.liveActivities.endedSessionIds().isEmpty, "the ended tile went")
        #expect(phone.liveActivities.running[night.session.id]?.totalWaterCount == 1, "one tile, the night as it stands")
    }
}
