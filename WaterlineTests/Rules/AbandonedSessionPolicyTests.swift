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
        let now = Fixed.at(minutes: 14 * 60 + 30)
        let prompt = try #require(policy.prompt(for: session, lastActivity: now, now: now))
        #expect(prompt.hoursRunning == 14)
        #expect(prompt.message == "Your session has been running for 14 hours. End it?")
        #expect(AbandonedSessionPrompt.endNowTitle == "End Now")
        #expect(AbandonedSessionPrompt.keepGoingTitle == "Keep Going")
    }

    @Test("after Keep Going a long session is not asked about for another threshold")
    func keepGoing() {
        let keptAt = Fixed.at(minutes: 13 * 60)
        let busy = { (minutes: Double) in Fixed.at(minutes: minutes - 30) }
        #expect(policy.prompt(for: session, lastActivity: busy(14 * 60), now: Fixed.at(minutes: 14 * 60), keptGoingAt: keptAt) == nil)
        #expect(policy.prompt(for: session, lastActivity: busy(25 * 60 + 1), now: Fixed.at(minutes: 25 * 60 + 1), keptGoingAt: keptAt) != nil)
    }

    @Test("a session nothing was done in for six hours is quiet: forgotten for the next log, and asked about, however young")
    func quietAfterSixHours() throws {
        let lastLog = Fixed.at(minutes: 90)
        #expect(!policy.isForgotten(lastActivity: lastLog, at: Fixed.at(minutes: 90 + 6 * 60)))
        #expect(policy.isForgotten(lastActivity: lastLog, at: Fixed.at(minutes: 90 + 6 * 60 + 1)))
        #expect(policy.prompt(for: session, lastActivity: lastLog, now: Fixed.at(minutes: 90 + 6 * 60)) == nil)
        let prompt = try #require(policy.prompt(for: session, lastActivity: lastLog, now: Fixed.at(minutes: 90 + 6 * 60 + 1)))
        #expect(prompt.hoursRunning == 7)
        #expect(!policy.isAbandoned(session, now: Fixed.at(minutes: 90 + 6 * 60 + 1)), "not by the twelve hours: by the quiet")
        #expect(policy.prompt(for: Fixed.session(endTime: Fixed.at(minutes: 60)), lastActivity: lastLog, now: Fixed.at(minutes: 24 * 60)) == nil, "an ended session is not asked about")
    }

    @Test("a session's last activity is its last log, or a later change to the session itself (started, planned, kept going); it ends at its last log")
    func lastActivity() {
        var session = Fixed.session()
        let logs = [Fixed.water(1, at: 10), Fixed.drink(2, at: 70)]
        #expect(AbandonedSessionPolicy.lastActivity(of: session, logs: logs) == Fixed.at(minutes: 70))
        #expect(AbandonedSessionPolicy.lastActivity(of: session, logs: []) == session.startTime)
        session.updatedAt = Fixed.at(minutes: 300)
        #expect(AbandonedSessionPolicy.lastActivity(of: session, logs: logs) == Fixed.at(minutes: 300), "kept going at 300")
        #expect(AbandonedSessionPolicy.lastLog(of: session, logs: logs) == Fixed.at(minutes: 70))
    }
}
