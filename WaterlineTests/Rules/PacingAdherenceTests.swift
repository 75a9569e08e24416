import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Pacing adherence")
struct PacingAdherenceTests {
    func adherence(_ pattern: String, every n: Int) -> PacingAdherence {
        PacingAdherence.compute(logs: Fixed.logs(pattern), waterEveryNDrinks: n)
    }

    @Test("the worked example: N = 1, drink water drink drink water → 1 of 2")
    func workedExample() {
        let result = adherence("DWDDW", every: 1)
        #expect(result == PacingAdherence(breaksDue: 2, breaksKept: 1))
        #expect(result.fraction == 0.5)
        #expect(result.displayText == "50%")
    }

    @Test("nothing due reads as a dash, not 100 %")
    func nothingDue() {
        #expect(adherence("", every: 1).displayText == "—")
        #expect(adherence("WW", every: 1).fraction == nil)
        #expect(adherence("D", every: 2).displayText == "—")
    }

    @Test("all kept")
    func allKept() {
        #expect(adherence("DWDWDW", every: 1) == PacingAdherence(breaksDue: 3, breaksKept: 3))
        #expect(adherence("DDWDDW", every: 2).displayText == "100%")
    }

    @Test("none kept")
    func noneKept() {
        let result = adherence("DDDDDW", every: 2)
        #expect(result == PacingAdherence(breaksDue: 1, breaksKept: 0))
        #expect(result.displayText == "0%")
    }

    @Test("a break still open when the logs end counts neither way: stopping after the Nth drink never lowers the score")
    func openAtEnd() {
        #expect(adherence("DWD", every: 1) == PacingAdherence(breaksDue: 1, breaksKept: 1))
        #expect(adherence("DWD", every: 1).displayText == "100%")
        #expect(adherence("DD", every: 2).displayText == "—")
        #expect(adherence("DDD", every: 1) == PacingAdherence(breaksDue: 1, breaksKept: 0), "the stretch's break was missed by the second drink")
        #expect(adherence("DDWDD", every: 2) == PacingAdherence(breaksDue: 1, breaksKept: 1))
    }

    @Test("one break per stretch between waters, N = 5")
    func fiveDrinks() {
        #expect(adherence("DDDDDDDW", every: 5) == PacingAdherence(breaksDue: 1, breaksKept: 0))
        #expect(adherence("DDDDDWDDDDDW", every: 5) == PacingAdherence(breaksDue: 2, breaksKept: 2))
    }
}
