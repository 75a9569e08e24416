import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Session summary")
struct SessionSummaryTests {
    @Test("totals, water volume, duration, final value, range and adherence")
    func everything() {
        let logs = [
            Fixed.drink(1, at: 10), Fixed.drink(2, at: 40, estimate: 2), Fixed.water(3, at: 50),
            Fixed.water(4, at: 60), Fixed.water(5, at: 70), Fixed.water(6, at: 80), Fixed.drink(7, at: 90, estimate: 0.5),
        ]
        let summary = SessionSummary(startTime: Fixed.start, endTime: Fixed.at(minutes: 125), logs: logs, settings: UserSettings())
        #expect(summary.totalAlcoholCount == 3)
        #expect(summary.totalStandardDrinks == 3.5)
        #expect(summary.totalWaterCount == 4)
        #expect(summary.totalWaterOz == 32)
        #expect(summary.durationSeconds == 125 * 60)
        #expect(summary.finalWaterline == -0.5)
        #expect(summary.peakWaterline == 3)
        #expect(summary.lowestWaterline == -1)
        // N = 1: due after drink 1 (missed by drink 2), after drink 2 is already the same stretch;
        // water keeps nothing; drink 7 opens a break still open at the end, which counts neither way.
        #expect(summary.adherence == PacingAdherence(breaksDue: 1, breaksKept: 0))
        #expect(summary.waterEveryNDrinks == 1, "the N it was scored by is kept")
    }

    @Test("a session with no logs summarises to zeros and a dash")
    func empty() {
        let summary = SessionSummary(startTime: Fixed.start, endTime: Fixed.start, logs: [], settings: UserSettings())
        #expect(summary.totalAlcoholCount == 0)
        #expect(summary.durationSeconds == 0)
        #expect(summary.peakWaterline == 0)
        #expect(summary.lowestWaterline == 0)
        #expect(summary.adherence.displayText == "—")
    }

    @Test("the range counts the centre the session started from")
    func rangeIncludesStart() {
        let summary = SessionSummary(startTime: Fixed.start, endTime: Fixed.at(minutes: 5), logs: Fixed.logs("DD"), settings: UserSettings())
        #expect(summary.lowestWaterline == 0)
        #expect(summary.peakWaterline == 2)
    }
}
