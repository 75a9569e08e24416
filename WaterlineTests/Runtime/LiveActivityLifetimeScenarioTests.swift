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
    /// The phone's app in front, a session started.
    static func sessionStartedInFront() async throws -> (ServiceHarness, DeviceProcess, SessionSnapshot) {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(harness, expecting: [.reminders, .nudge, .liveActivity, .widgets, .watch, .sync, .screens])
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.becameActive)
        let snapshot = try #require(try await phone.runtime.send(.startSession).session)
        return (harness, phone, snapshot)
    }

    @Test("a session past eight hours: the system ends its Live Activity with its last state; a log in the background cannot start another; the app in front brings it back, taking the ended tile off the Lock Screen first, never two side by side")
    func pastEightHours() async throws {
        let (harness, phone, snapshot) = try await Self.sessionStartedInFront()
        #expect(phone.liveActivities.running[snapshot.session.id] != nil)
        await phone.runtime.handle(.resignedActive)
        // Still out: a drink halfway, so the session is not quiet at the eighth hour.
        harness.clock.advance(minutes: 4 * 60)
        try await phone.runtime.send(.logDrink(.quick, source: .phone), from: .liveActivity)
        await phone.settled()

        harness.clock.advance(minutes: 4 * 60 + 5)
        let reminder = NotificationResponse(actionIdentifier: NotificationAction.logWater.rawValue, requestIdentifier: "waterline.time.x.1")
        await phone.runtime.handle(.notificationResponse(reminder))
        await phone.settled()
        #expect(phone.liveActivities.running.isEmpty && phone.liveActivities.ended[snapshot.session.id] != nil, "ended by the system")
        #expect(phone.liveActivities.refusedStarts == 1, "asked again from the background, and refused")

        #expect(phone.liveActivities.endedSessionIds() == [snapshot.session.id], "the ended tile still shows, as iOS keeps it")
        await phone.runtime.handle(.becameActive)
        let shown = try #require(phone.liveActivities.running[snapshot.session.id])
        #expect(shown.totalWaterCount == 1, "back, showing the session as it stands")
        #expect(phone.liveActivities.dismissals == 1 && phone.liveActivities.endedSessionIds().isEmpty, "the ended tile went first")
    }

    @Test("past eight hours, \"+ Water\" on the ended tile itself (a Live Activity intent, which may start one from the background): the tile is replaced, not doubled")
    func tileButtonReplacesEndedTile() async throws {
        let (harness, phone, snapshot) = try await Self.sessionStartedInFront()
        await phone.runtime.handle(.resignedActive)
        harness.clock.advance(minutes: 4 * 60)
        try await phone.runtime.send(.logDrink(.quick, source: .phone), from: .liveActivity)
        harness.clock.advance(minutes: 4 * 60 + 5)
        #expect(phone.liveActivities.runningSessionIds().isEmpty && phone.liveActivities.endedSessionIds() == [snapshot.session.id])

        phone.liveActivities.allowsStart = true
        try await phone.runtime.send(.logWater(source: .phone), from: .liveActivity)
        await phone.settled()
        #expect(phone.liveActivities.dismissals == 1 && phone.liveActivities.endedSessionIds().isEmpty, "the ended tile went")
        #expect(phone.liveActivities.running[snapshot.session.id]?.totalWaterCount == 1, "one tile, the session as it stands")
    }

    @Test("past eight hours, the session ended later from the background: its ended tile is handed the final state once and goes as an ended session's does; where iOS ignores that, it stays its four hours and nothing else changes", arguments: [true, false])
    func endedTileGetsFinalState(honoured: Bool) async throws {
        let (harness, phone, snapshot) = try await Self.sessionStartedInFront()
        phone.liveActivities.endsEndedTiles = honoured
        await phone.runtime.handle(.resignedActive)
        harness.clock.advance(minutes: 4 * 60)
        try await phone.runtime.send(.logDrink(.quick, source: .phone), from: .liveActivity)
        harness.clock.advance(minutes: 4 * 60 + 5)
        #expect(phone.liveActivities.endedSessionIds() == [snapshot.session.id], "ended by the system, still shown")
        let shownThen = try #require(phone.liveActivities.ended[snapshot.session.id] ?? nil)
        #expect(!shownThen.isEnded && shownThen.totalWaterCount == 0, "the tile shows the session as it stood at the eighth hour")

        // A water from a reminder, then the session ended from the watch's push, both in the background.
        let reminder = NotificationResponse(actionIdentifier: NotificationAction.logWater.rawValue, requestIdentifier: "waterline.time.x.1")
        await phone.runtime.handle(.notificationResponse(reminder))
        try await phone.runtime.send(.endSession(), from: .notification)
        await phone.settled()
        #expect(phone.liveActivities.endsOfEndedTiles == 1)
        if honoured {
            let final = try #require(phone.liveActivities.ended[snapshot.session.id] ?? nil)
            #expect(final.isEnded && final.totalWaterCount == 1 && final.totalAlcoholCount == 1, "the session's final state")
            harness.clock.advance(minutes: LiveActivityTiming.endedLingers / 60 + 1)
            #expect(phone.liveActivities.endedSessionIds().isEmpty, "gone after the ended session's short while, not four hours")
        } else {
            #expect(phone.liveActivities.endedSessionIds() == [snapshot.session.id], "kept its four hours, as iOS may")
        }
        // Later events do not end it again, and a new session starts its own tile beside nothing of its own.
        await phone.runtime.handle(.becameActive)
        await phone.runtime.handle(.resignedActive)
        await phone.runtime.handle(.becameActive)
        #expect(phone.liveActivities.endsOfEndedTiles == 1, "handed its final state once")
        let next = try #require(try await phone.runtime.send(.startSession).session)
        #expect(next.session.id != snapshot.session.id && phone.liveActivities.running[next.session.id] != nil)
    }
}
