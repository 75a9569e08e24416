import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("The session as a chart")
struct WaterlineChartTests {
    let settings = UserSettings(warningThreshold: 2)

    @Test("one point per live log from the engine's replay, between the session's start and end")
    func points() {
        let session = Fixed.session(endTime: Fixed.at(minutes: 120))
        let logs = [Fixed.drink(1, at: 10), Fixed.drink(2, at: 20, estimate: 2), Fixed.water(3, at: 30), Fixed.drink(4, at: 40)]
        let chart = WaterlineChart(session: session, logs: logs, settings: settings, now: Fixed.at(minutes: 500))
        #expect(chart.points.map(\.event) == [.start, .drink, .drink, .water, .drink, .end])
        #expect(chart.points.map(\.value) == [0, 1, 3, 2, 3, 3])
        #expect(chart.points.map(\.isWarning) == [false, false, true, true, true, true])
        #expect(chart.points.map(\.time) == [Fixed.start, Fixed.at(minutes: 10), Fixed.at(minutes: 20), Fixed.at(minutes: 30), Fixed.at(minutes: 40), Fixed.at(minutes: 120)])
        #expect(chart.waters.map(\.id) == [logs[2].id])
        #expect(chart.threshold == 2)
        #expect(chart.timeRange == Fixed.start...Fixed.at(minutes: 120))
        #expect(chart.valueRange == -1...4)
        #expect(chart.peak?.value == 3)
        // The same numbers the engine and the summary give.
        let state = WaterlineEngine(settings: settings).computeState(from: logs)
        #expect(chart.points.last?.value == state.waterlineValue)
        let summary = SessionSummary(startTime: session.startTime, endTime: session.endTime!, logs: logs, settings: settings)
        #expect(chart.peak?.value == summary.peakWaterline)
        #expect(chart.points.map(\.value).min() == summary.lowestWaterline)
    }

    @Test("edits and deletes change the line; logs handed over out of order are replayed in order")
    func editsAndDeletes() {
        let session = Fixed.session(endTime: Fixed.at(minutes: 60))
        var edited = Fixed.drink(1, at: 10)
        edited.alcoholMeta?.standardDrinkEstimate = 1.5
        var deleted = Fixed.drink(2, at: 20)
        deleted.deletedAt = Fixed.at(minutes: 25)
        let late = Fixed.water(3, at: 30)
        let chart = WaterlineChart(session: session, logs: [late, deleted, edited], settings: settings, now: Fixed.at(minutes: 60))
        #expect(chart.points.map(\.id) == [WaterlineChart.startId, edited.id, late.id, WaterlineChart.endId])
        #expect(chart.points.map(\.value) == [0, 1.5, 0.5, 0.5])
        #expect(chart.valueRange == -1...3, "the threshold stays in view")
    }

    @Test("an empty session is a flat line at the centre; a running session ends now; another session's logs are left out")
    func emptyAndRunning() {
        let ended = WaterlineChart(session: Fixed.session(endTime: Fixed.at(minutes: 30)), logs: [], settings: settings, now: Fixed.at(minutes: 90))
        #expect(ended.points.map(\.value) == [0, 0])
        #expect(ended.timeRange == Fixed.start...Fixed.at(minutes: 30))

        let stranger = Fixed.drink(9, at: 5, session: UUID(number: 0xBAD))
        let running = WaterlineChart(session: Fixed.session(), logs: [Fixed.drink(1, at: 5), stranger], settings: settings, now: Fixed.at(minutes: 45))
        #expect(running.points.map(\.event) == [.start, .drink, .end])
        #expect(running.timeRange.upperBound == Fixed.at(minutes: 45))
        #expect(running.accessibilitySummary == "1 drink and 0 waters; the Waterline peaked at 1 and ended at 1.")
    }
}
