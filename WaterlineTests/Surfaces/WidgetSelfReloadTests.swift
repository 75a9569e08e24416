import Foundation
import Testing
@testable import WaterlineCore
import WaterlineTestSupport

/// A logged-in session's widget reloads itself every quarter hour, and stops once the session is left alone.
@Suite("A widget's own reloads")
struct WidgetSelfReloadTests {
    func snapshot(logsAt minutes: [Double], generatedAt: Double) -> WidgetSnapshot {
        let snapshot = SessionSnapshot(
            replaying: Fixed.session(), logs: minutes.enumerated().map { Fixed.water($0.offset + 1, at: $0.element) },
            settings: UserSettings(), planner: ReminderPlanner(), now: Fixed.at(minutes: generatedAt)
        )
        return WidgetSnapshot(session: snapshot, lastSessionSummary: nil, settings: UserSettings(), quickDrink: nil, generatedAt: Fixed.at(minutes: generatedAt))
    }

    @Test("a quarter hour after it was made, while the session was logged in within the last 90 minutes; never for no session or a session left alone")
    func date() {
        #expect(WidgetSelfReload.date(for: snapshot(logsAt: [10], generatedAt: 20)) == Fixed.at(minutes: 35))
        #expect(WidgetSelfReload.date(for: snapshot(logsAt: [10], generatedAt: 99)) == Fixed.at(minutes: 114))
        #expect(WidgetSelfReload.date(for: snapshot(logsAt: [10], generatedAt: 100)) == nil, "90 minutes after the last log")
        #expect(WidgetSelfReload.date(for: snapshot(logsAt: [], generatedAt: 20)) == nil, "nothing logged yet: the app reloads at the first log")
        #expect(WidgetSelfReload.date(for: .noSession(lastSessionSummary: nil, settings: UserSettings(), generatedAt: Fixed.at(minutes: 20))) == nil)
    }

    @Test("a reload is still to come while each reload in the chain finds a log within 90 minutes before it")
    func pending() {
        let handed = Fixed.at(minutes: 20)
        let logs = [Fixed.at(minutes: 10), Fixed.at(minutes: 60)]
        #expect(WidgetSelfReload.isPending(handedAt: handed, logTimes: logs, now: Fixed.at(minutes: 34)), "the first, at 35")
        #expect(WidgetSelfReload.isPending(handedAt: handed, logTimes: logs, now: Fixed.at(minutes: 140)), "the log at 60 keeps the chain going past 100")
        #expect(!WidgetSelfReload.isPending(handedAt: handed, logTimes: logs, now: Fixed.at(minutes: 160)), "the reload at 155 found nothing since 65: the chain stopped")
        #expect(!WidgetSelfReload.isPending(handedAt: handed, logTimes: [Fixed.at(minutes: 30)], now: Fixed.at(minutes: 25)), "a log after the snapshot was handed started no chain")
    }
}
