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

    @Test("a session ends with its summary, and its summary is made again by the N it was paced by, not today's")
    func endedAndRevised() throws {
        var every2 = UserSettings()
        every2.waterEveryNDrinks = 2
        let logs = Fixed.logs("DDWDD")
        let ended = Fixed.session().ended(at: Fixed.at(minutes: 90), stamp: Fixed.at(minutes: 95), logs: logs, settings: every2)
        #expect(!ended.isActive && ended.endTime == Fixed.at(minutes: 90) && ended.updatedAt == Fixed.at(minutes: 95))
        #expect(ended.computedSummary == SessionSummary(startTime: Fixed.start, endTime: Fixed.at(minutes: 90), logs: logs, settings: every2))

        var every5 = UserSettings()
        every5.waterEveryNDrinks = 5
        let fewer = Array(logs.dropLast())
        let revised = try #require(ended.revisedSummary(logs: fewer, settings: every5))
        #expect(revised.waterEveryNDrinks == 2 && revised.totalAlcoholCount == 3)
        #expect(revised == SessionSummary(startTime: Fixed.start, endTime: Fixed.at(minutes: 90), logs: fewer, settings: every2))

        #expect(Fixed.session().revisedSummary(logs: logs, settings: every2) == nil, "a running session keeps no summary")
        var deleted = ended
        deleted.deletedAt = Fixed.at(minutes: 100)
        #expect(deleted.revisedSummary(logs: logs, settings: every2) == nil, "nor does a deleted one")
        var older = ended
        older.computedSummary?.waterEveryNDrinks = nil
        #expect(older.revisedSummary(logs: logs, settings: every5)?.waterEveryNDrinks == 5, "a summary from before N was kept is scored by today's")
    }
}
