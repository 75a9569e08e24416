import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// A session left running and forgotten is not live the next day: the surfaces show no session,
/// with the session as it stood at its last log as the last one.
@Suite("Scenario: a forgotten session is not live the next day")
@MainActor
struct QuietSessionScenarioTests {
    /// The phone's app: a session started in front, one water logged, then the app put away.
    static func sessionWithOneWater() async throws -> (ServiceHarness, DeviceProcess, SessionSnapshot) {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(harness, expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens])
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.becameActive)
        let snapshot = try #require(try await phone.runtime.send(.startSession).session)
        _ = try await phone.runtime.send(.logWater(source: .phone))
        await phone.settled()
        await phone.runtime.handle(.resignedActive)
        return (harness, phone, snapshot)
    }

    @Test("six quiet hours after the last log: the widgets' timeline has turned to no session by itself, and the next wake ends the Live Activity with the session's last state and stops its reminders")
    func nextDay() async throws {
        let (harness, phone, snapshot) = try await Self.sessionWithOneWater()
        #expect(!phone.notifications.pending.values.filter { $0.sessionId == snapshot.session.id }.isEmpty, "reminders planned while it runs")
        let lastLog = harness.clock.now

        // The widget was handed its timeline while the session ran: it turns by itself.
        let widget = try #require(phone.widgets.showing)
        let entries = widget.timeline(from: lastLog)
        let turn = try #require(entries.last)
        #expect(turn.date == lastLog.addingTimeInterval(AbandonedSessionPolicy.defaultQuietAfter))
        #expect(!turn.snapshot.isActive && turn.snapshot.lastSessionSummary?.totalWaterCount == 1)
        #expect(entries.dropLast().allSatisfy { $0.snapshot.isActive && $0.date < turn.date })

        // The next afternoon the system wakes the app for a refresh (iOS ended the Live Activity
        // at its eighth hour, showing its last state).
        harness.clock.advance(minutes: 13 * 60)
        await phone.runtime.handle(.backgroundRefresh)
        await phone.settled()
        #expect(phone.liveActivities.running.isEmpty)
        let widgets = try #require(phone.widgets.showing)
        #expect(!widgets.isActive, "no session on the Lock Screen")
        #expect(widgets.lastSessionSummary?.totalWaterCount == 1, "the session as it stood at its last log")
        #expect(phone.notifications.pending.values.filter { $0.sessionId == snapshot.session.id }.isEmpty, "its reminders stopped")

        // The app in front does not bring yesterday's session back as live.
        let starts = phone.liveActivities.starts
        await phone.runtime.handle(.becameActive)
        await phone.settled()
        #expect(phone.liveActivities.starts == starts && phone.liveActivities.running.isEmpty)
    }

    @Test("the last drink at 01:30: live on every surface until 07:30, over after it; the app asks then, not twelve hours after the start; a water tapped at breakfast starts a session of its own, and Friday ends at 01:30")
    func morningAfter() async throws {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(harness, expecting: [.reminders, .nudge, .liveActivity, .widgets, .watch, .sync, .screens])
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.becameActive)
        // 20:00 to 01:30: a session, drinks at 21:00, 22:30, 00:00 and 01:30.
        let friday = try #require(try await phone.runtime.send(.startSession).session)
        for index in 0..<4 {
            harness.clock.advance(minutes: index == 0 ? 60 : 90)
            try await phone.runtime.send(.logDrink(.quick, source: .phone))
        }
        let lastDrink = harness.clock.now
        await phone.settled()
        await phone.runtime.handle(.resignedActive)

        harness.clock.advance(minutes: 6 * 60 - 1)
        await phone.runtime.handle(.backgroundRefresh)
        await phone.settled()
        #expect(phone.widgets.showing?.isActive == true, "07:29: still the session")
        let home = HomeModel(actions: phone.runtime, preferences: MemoryPreferences())
        await home.appeared()
        #expect(home.abandonedPrompt == nil, "and not asked about")

        harness.clock.advance(minutes: 2)
        await phone.runtime.handle(.backgroundRefresh)
        await phone.settled()
        #expect(phone.widgets.showing?.isActive == false, "07:31: the Lock Screen shows no session")
        #expect(phone.widgets.showing?.lastSessionSummary?.totalAlcoholCount == 4, "Friday as it stood at its last drink")
        #expect(phone.liveActivities.running.isEmpty, "its Live Activity ended")
        await home.appeared()
        #expect(home.abandonedPrompt?.hoursRunning == 11, "asked now, eleven and a half hours after the start, not at the twelfth")

        // Breakfast: "+ Water" on a surface that still showed the session.
        harness.clock.advance(minutes: 30)
        let water = try await phone.runtime.send(.logWater(source: .phone), from: .liveActivity)
        let saturday = try #require(water.session)
        #expect(saturday.session.id != friday.session.id, "a session of its own")
        #expect(saturday.state.totalWaterCount == 1 && saturday.state.totalAlcoholCount == 0)
        let ended = try await harness.service.session(id: friday.session.id)
        #expect(ended.session.endTime == lastDrink && ended.session.computedSummary?.totalAlcoholCount == 4, "Friday ended at 01:30 with its four drinks")
    }

    @Test("a Live Activity still showing a session that went quiet ends with the session's last state, marked ended")
    func quietActivityEnds() async throws {
        let (harness, phone, snapshot) = try await Self.sessionWithOneWater()
        // Five hours on, the app in front: the session still runs, its activity shows it.
        harness.clock.advance(minutes: 5 * 60)
        await phone.runtime.handle(.becameActive)
        await phone.runtime.handle(.resignedActive)
        #expect(phone.liveActivities.running[snapshot.session.id] != nil)
        // An hour and a minute later the session has gone quiet: the next wake ends it.
        harness.clock.advance(minutes: 60 + 1)
        await phone.runtime.handle(.backgroundRefresh)
        await phone.settled()
        let final = try #require(phone.liveActivities.ended[snapshot.session.id] ?? nil)
        #expect(final.isEnded && final.totalWaterCount == 1)
        #expect(phone.liveActivities.running.isEmpty)
    }
}
