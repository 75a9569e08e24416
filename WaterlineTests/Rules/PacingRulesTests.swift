import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Per-drink reminders and the pacing warning")
struct PacingRulesTests {
    func rules(every n: Int, threshold: Int = 2) -> PacingRules {
        PacingRules(settings: UserSettings(waterEveryNDrinks: n, warningThreshold: threshold))
    }

    /// The nudge after each log of `pattern`, replayed one log at a time.
    func nudges(_ pattern: String, rules: PacingRules) -> [ReminderKind?] {
        let logs = Fixed.logs(pattern)
        var before = WaterlineState.empty
        return logs.indices.map { index in
            let after = rules.engine.computeState(from: Array(logs[...index]))
            defer { before = after }
            return rules.nudge(after: logs[index], from: before, to: after)
        }
    }

    @Test("N = 1: every drink asks for water", arguments: [1])
    func everyDrink(n: Int) {
        let rules = rules(every: n, threshold: 10)
        #expect(nudges("DWDD", rules: rules) == [.perDrink, nil, .perDrink, .perDrink])
    }

    @Test("N = 2: due from the second drink since water, on each drink while it holds")
    func everySecondDrink() {
        let rules = rules(every: 2, threshold: 10)
        #expect(nudges("DDDWDD", rules: rules) == [nil, .perDrink, .perDrink, nil, nil, .perDrink])
    }

    @Test("N = 5: the fifth drink since water")
    func everyFifthDrink() {
        let rules = rules(every: 5, threshold: 10)
        #expect(nudges("DDDDD", rules: rules) == [nil, nil, nil, nil, .perDrink])
        #expect(rules.drinksUntilWaterDue(rules.engine.computeState(from: Fixed.logs("DD"))) == 3)
        #expect(rules.drinksUntilWaterDue(rules.engine.computeState(from: Fixed.logs("DDDDDD"))) == 0)
    }

    @Test("water resets the per-drink reminder")
    func waterResets() {
        let rules = rules(every: 2, threshold: 10)
        let state = rules.engine.computeState(from: Fixed.logs("DDW"))
        #expect(!rules.isWaterBreakDue(state))
        #expect(rules.drinksUntilWaterDue(state) == 2)
    }

    @Test("the pacing warning fires once per upward crossing")
    func crossingOnce() {
        let rules = rules(every: 10, threshold: 2)
        // 1, 2 (cross), 3 (still above), 2 after water (above), 1 (below), 2 (cross again)
        #expect(nudges("DDDWWD", rules: rules) == [nil, .pacingWarning, nil, nil, nil, .pacingWarning])
    }

    @Test("a crossing takes the place of the per-drink reminder on the same drink")
    func oneNudgePerLog() {
        let rules = rules(every: 1, threshold: 2)
        #expect(nudges("DDD", rules: rules) == [.perDrink, .pacingWarning, .perDrink])
    }

    @Test("crossing detection compares the warning before and after")
    func crossingDetection() {
        let below = WaterlineState(waterlineValue: 1, isWarning: false)
        let above = WaterlineState(waterlineValue: 2, isWarning: true)
        #expect(PacingRules.crossedWarningUpward(from: below, to: above))
        #expect(!PacingRules.crossedWarningUpward(from: above, to: above))
        #expect(!PacingRules.crossedWarningUpward(from: above, to: below))
    }
}
