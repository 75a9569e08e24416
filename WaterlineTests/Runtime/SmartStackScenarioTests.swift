import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineRuntime
import WaterlineTestSupport

/// The Smart Stack knows when a session runs: the widget the phone hands WidgetKit (and the watch
/// its face) carries a relevance in every timeline entry, high while a session runs, at the top
/// while water is needed, and none once the session has ended or gone quiet.
@Suite("Scenario: the Smart Stack during a session")
@MainActor
struct SmartStackScenarioTests {
    @Test("high while the session runs, at the top when water is due or the Waterline is past its threshold, nothing once it ends")
    func duringTheSession() async throws {
        let harness = try await ServiceHarness.prepared(UserSettings(waterEveryNDrinks: 2, warningThreshold: 3))
        let phone = DeviceProcess(harness, expecting: [.reminders, .nudge, .liveActivity, .widgets, .watch, .sync, .screens])
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.becameActive)
        func relevance() throws -> [WidgetRelevance] {
            try #require(phone.widgets.showing).relevantTimeline(from: harness.clock.now).map(\.relevance)
        }
        #expect(try relevance() == [.none], "no session: out of the way")

        _ = try await phone.runtime.send(.startSession)
        let running = try relevance()
        #expect(running.first?.score == WidgetRelevance.sessionRunning)
        #expect(running.dropLast().allSatisfy { $0.score > 0 && $0.duration > 0 }, "each entry holds until the next")
        #expect(running.last == WidgetRelevance.none, "the timeline's last entry is the session gone quiet")

        _ = try await phone.runtime.send(.logDrink(.quick, source: .phone))
        _ = try await phone.runtime.send(.logDrink(.quick, source: .phone))
        #expect(try relevance().first?.score == WidgetRelevance.waterNeeded, "two drinks: water is due")
        _ = try await phone.runtime.send(.logWater(source: .phone))
        #expect(try relevance().first?.score == WidgetRelevance.sessionRunning)

        _ = try await phone.runtime.send(.endSession())
        #expect(try relevance() == [.none])
    }

    @Test("the score holds until the next entry (the next reminder), and the last live entry until the session goes quiet")
    func durations() {
        let start = Date(timeIntervalSince1970: 1_795_291_200)
        var snapshot = WidgetSnapshot.noSession(lastSessionSummary: nil, settings: UserSettings(), generatedAt: start)
        snapshot.isActive = true
        snapshot.drinksUntilWaterDue = 1
        snapshot.reminderDates = [start.addingTimeInterval(1_200), start.addingTimeInterval(2_400)]
        snapshot.nextReminderDate = snapshot.reminderDates?.first
        let entries = snapshot.relevantTimeline(from: start)
        #expect(entries.map(\.relevance.duration) == [1_200, 1_200, 0])
        #expect(entries.map(\.relevance.score) == [60, 60, 60])
    }
}
