import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Formatting")
struct WaterlineFormatTests {
    @Test("one decimal, whole numbers plain, no negative zero", arguments: [
        (2.5, "2.5"), (2.0, "2"), (-3.0, "-3"), (1.33, "1.3"), (1.96, "2"), (-0.04, "0"), (0.0, "0"), (0.1 + 0.2, "0.3"),
    ])
    func value(input: Double, expected: String) {
        #expect(WaterlineFormat.value(input) == expected)
    }

    @Test("the decimal mark is the person's: a comma where their region writes one")
    func decimalMark() {
        let spain = Locale(identifier: "es_ES"), mexico = Locale(identifier: "es_MX")
        #expect(WaterlineFormat.value(2.5, locale: spain) == "2,5")
        #expect(WaterlineFormat.signedValue(-1.5, locale: spain) == "−1,5")
        #expect(WaterlineFormat.value(2.5, locale: mexico) == "2.5")
        #expect(WaterlineFormat.value(2, locale: spain) == "2")
    }

    @Test("what is shown is what the warning compares: 3.99 reads 4 and is at a threshold of 4; 3.94 reads 3.9 and is not")
    func shownAndCompared() {
        let threeSixteens = Fixed.logs("DDD").map { log -> LogEntry in
            var log = log
            log.alcoholMeta?.standardDrinkEstimate = 1.33
            return log
        }
        let state = WaterlineEngine(warningThreshold: 4).computeState(from: threeSixteens)
        #expect(WaterlineFormat.value(state.waterlineValue) == "4")
        #expect(state.isWarning)
        #expect(GaugeDisplay(state: state, settings: UserSettings(warningThreshold: 4)).warningText != nil)
        #expect(!WaterlineEngine(warningThreshold: 4).isWarning(3.94) && WaterlineFormat.value(3.94) == "3.9")
        #expect(WaterlineEngine(warningThreshold: 2).isWarning(0.6 + 0.7 + 0.7), "a sum a hair under 2 is 2")
    }

    @Test("signed readings and VoiceOver positions")
    func signed() {
        #expect(WaterlineFormat.signedValue(2.5) == "+2.5")
        #expect(WaterlineFormat.signedValue(-1) == "−1")
        #expect(WaterlineFormat.signedValue(0.01) == "0")
        #expect(WaterlineFormat.position(2.5) == "above center")
        #expect(WaterlineFormat.position(-1) == "below center")
        #expect(WaterlineFormat.position(0.02) == "at center")
    }

    @Test("durations and water-due lines")
    func lines() {
        #expect(WaterlineFormat.duration(65 * 60) == "1 h 05 min")
        #expect(WaterlineFormat.duration(45 * 60 + 59) == "45 min")
        #expect(WaterlineFormat.waterDue(inDrinks: 2) == "Water due in: 2 drinks")
        #expect(WaterlineFormat.waterDue(inDrinks: 1) == "Water due in: 1 drink")
        #expect(WaterlineFormat.waterDue(inDrinks: 0) == "Water due now")
    }

    @Test("log lines in either unit")
    func logLines() {
        #expect(LogDescription.title(for: Fixed.drink(1, at: 0), units: .oz) == "Beer · 12 oz · 1 std")
        #expect(LogDescription.title(for: Fixed.water(2, at: 0), units: .ml) == "Water · 237 ml")
    }
}

@Suite("Where the gauge draws its level, centre and warning line")
struct GaugeGeometryTests {
    @Test("zero sits on the centre line, not half way up an empty bar; the threshold line is where amber starts")
    func centreAndThreshold() {
        let zero = GaugeDisplay(value: 0, threshold: 2, isWarning: false)
        #expect(zero.span == 3)
        #expect(zero.fraction(span: zero.span) == 0.5, "balanced is the middle of a centred gauge")
        #expect(zero.thresholdFraction(span: zero.span) == 0.5 + 2.0 / 6)
        let past = GaugeDisplay(value: 2.5, threshold: 2, isWarning: true)
        #expect(past.fraction(span: past.span) > past.thresholdFraction(span: past.span))
        let under = GaugeDisplay(value: -2, threshold: 2, isWarning: false)
        #expect(under.fraction(span: under.span) < 0.5)
        let far = GaugeDisplay(value: 40, threshold: 2, isWarning: true)
        #expect(far.fraction(span: far.span) < 1 && far.thresholdFraction(span: far.span) > 0.5, "the span grows to keep both in view")
    }
}
