import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Abandoned sessions")
struct AbandonedSessionPolicyTests {
    let policy = AbandonedSessionPolicy()
    let session = Fixed.session()

    @Test("not abandoned at exactly 12 hours, abandoned just after")
    func twelveHours() {
        #expect(!policy.isAbandoned(session, now: Fixed.at(minutes: 12 * 60)))
        #expect(policy.isAbandoned(session, now: Fixed.at(minutes: 12 * 60 + 1)))
    }

    @Test("an ended session is never abandoned")
    func ended() {
        let ended = Fixed.session(endTime: Fixed.at(minutes: 60))
        #expect(!policy.isAbandoned(ended, now: Fixed.at(minutes: 24 * 60)))
    }

    @Test("the threshold is injectable")
    func injectable() {
        let short = AbandonedSessionPolicy(threshold: 60 * 60)
        #expect(short.isAbandoned(session, now: Fixed.at(minutes: 61)))
        #expect(!short.isAbandoned(session, now: Fixed.at(minutes: 59)))
    }

    @Test("the prompt names the hours and offers End Now and Keep Going")
    func promptText() throws {
        let prompt = try #require(policy.prompt(for: session, now: Fixed.at(minutes: 14 * 60 + 30)))
        #expect(prompt.hoursRunning == 14)
        #expect(prompt.message == "Your session has been running for 14 hours. End it?")
        #expect(AbandonedSessionPrompt.endNowTitle == "End Now")
        #expect(AbandonedSessionPrompt.keepGoingTitle == "Keep Going")
    }

    @Test("after Keep Going it stays quiet for another threshold")
    func keepGoing() {
        let keptAt = Fixed.at(minutes: 13 * 60)
        #expect(policy.prompt(for: session, now: Fixed.at(minutes: 14 * 60), keptGoingAt: keptAt) == nil)
        #expect(policy.prompt(for: session, now: Fixed.at(minutes: 25 * 60 + 1), keptGoingAt: keptAt) != nil)
    }
}
