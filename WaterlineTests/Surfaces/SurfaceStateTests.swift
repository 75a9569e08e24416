import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Live Activity and widget values")
struct SurfaceStateTests {
    func update(_ pattern: String, settings: UserSettings = UserSettings(), ended: Bool = false) -> SessionSnapshot {
        let logs = Fixed.logs(pattern)
        let session = Fixed.session(endTime: ended ? Fixed.at(minutes: 100) : nil)
        let state = WaterlineEngine(settings: settings).computeState(from: logs)
        return SessionSnapshot(
            session: session, logs: logs, state: state,
            reminders: ReminderPlanner().plan(session: session, logs: logs, settings: settings, now: Fixed.at(minutes: 10)),
            drinksUntilWaterDue: PacingRules(settings: settings).drinksUntilWaterDue(state)
        )
    }

    @Test("the Live Activity carries the Waterline, counts, warning and the next reminder")
    func liveActivity() {
        let state = update("DDWD").glance
        #expect(state.waterlineValue == 2)
        #expect(state.waterlineText == "2")
        #expect(state.totalAlcoholCount == 3)
        #expect(state.totalWaterCount == 1)
        #expect(state.isWarning)
        #expect(state.drinksUntilWaterDue == 0)
        #expect(state.nextReminderDate == Fixed.at(minutes: 22), "20 minutes after the water at minute 2")
        #expect(!state.isEnded)
    }

    @Test("an ended session's activity has no countdown")
    func endedActivity() {
        let state = update("DW", ended: true).glance
        #expect(state.isEnded)
        #expect(state.nextReminderDate == nil)
    }

    @Test("the widget snapshot lists the last three logs, newest first, in the person's units")
    func widgetRecentLogs() {
        let snapshot = WidgetSnapshot(session: update("DDWDW", settings: UserSettings(units: .ml)), lastSessionSummary: nil,
                                      settings: UserSettings(units: .ml), quickDrink: .mockDouble, generatedAt: Fixed.at(minutes: 10))
        #expect(snapshot.recentLogs.map(\.id) == [UUID(number: 5), UUID(number: 4), UUID(number: 3)])
        #expect(snapshot.recentLogs.first?.title == "Water · 237 ml")
        #expect(snapshot.discreet)
        #expect(snapshot.nextReminderDate == Fixed.at(minutes: 24))
        #expect(snapshot.quickDrinkName == DrinkPreset.mockDouble.name)
    }

    @Test("no session: nothing counted, the last summary kept")
    func noSession() {
        let snapshot = WidgetSnapshot.noSession(lastSessionSummary: .mock, settings: UserSettings(discreetNotifications: false), generatedAt: Fixed.start)
        #expect(!snapshot.isActive)
        #expect(snapshot.sessionId == nil)
        #expect(snapshot.totalAlcoholCount == 0)
        #expect(snapshot.lastSessionSummary == .mock)
        #expect(!snapshot.discreet)
    }
}
