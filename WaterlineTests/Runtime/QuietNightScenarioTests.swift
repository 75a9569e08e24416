import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineRuntime
import WaterlineTestSupport

/// A night left running and forgotten is not live the next day: the surfaces show no session,
/// with the night as it stood at its last log as the last one.
@Suite("Scenario: a forgotten night is not live the next day")
@MainActor
struct QuietNightScenarioTests {
    /// The phone's app: a night started in front, one water logged, then the app put away.
    static func nightWithOneWater() async throws -> (ServiceHarness, DeviceProcess, SessionSnapshot) {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(harness)
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.becameActive)
        let night = try #require(try await phone.runtime.send(.startSession).session)
        _ = try await phone.runtime.send(.logWater(source: .phone))
        await phone.settled()
        await phone.runtime.handle(.resignedActive)
        return (harness, phone, night)
    }

    @Test("12 quiet hours after the last log: the widgets' timeline has turned to no session by itself, and the next wake ends the Live Activity with the night's last state and stops its reminders")
    func nextDay() async throws {
        let (harness, phone, night) = try await Self.nightWithOneWater()
        #expect(!phone.notifications.pending.values.filter { $0.sessionId == night.session.id }.isEmpty, "reminders planned while it runs")
        let lastLog = harness.clock.now

        // The widget was handed its timeline while the night ran: it turns by itself.
        let snapshot = try #require(phone.widgets.showing)
        let entries = snapshot.timeline(from: lastLog)
        let turn = try #require(entries.last)
        #expect(turn.date == lastLog.addingTimeInterval(AbandonedSessionPolicy.defaultThreshold))
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
        #expect(widgets.lastSessionSummary?.totalWaterCount == 1, "the night as it stood at its last log")
        #expect(phone.notifications.pending.values.filter { $0.sessionId == night.session.id }.isEmpty, "its reminders stopped")

        // The app in front does not bring yesterday's night back as live.
        let starts = phone.liveActivities.starts
        await phone.runtime.handle(.becameActive)
        await phone.settled()
        #expect(phone.liveActivities.starts == starts && phone.liveActivities.running.isEmpty)
    }

    @Test("a Live Activity still showing a night that went quiet (started late) ends with the night's last state, marked ended")
    func quietActivityEnds() async throws {
        let (harness, phone, night) = try await Self.nightWithOneWater()
        // Past iOS's eight hours the activity ended; the app in front at the tenth brings it back.
        harness.clock.advance(minutes: 10 * 60)
        await phone.runtime.handle(.becameActive)
        await phone.runtime.handle(.resignedActive)
        #expect(phone.liveActivities.running[night.session.id] != nil)
        // Two hours and a minute later the night has gone quiet: the next wake ends it.
        harness.clock.advance(minutes: 2 * 60 + 1)
        await phone.runtime.handle(.backgroundRefresh)
        await phone.settled()
        let final = try #require(phone.liveActivities.ended[night.session.id] ?? nil)
        #expect(final.isEnded && final.totalWaterCount == 1)
        #expect(phone.liveActivities.running.isEmpty)
    }
}
