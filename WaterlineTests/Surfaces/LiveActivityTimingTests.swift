import Foundation
import Testing
@testable import WaterlineCore
import WaterlineTestSupport

@Suite("The Live Activity's times: stale at the next reminder, an ended session gone soon")
struct LiveActivityTimingTests {
    func glance(next: Date?, ended: Bool = false) -> SessionGlance {
        SessionGlance(
            sessionId: Fixed.sessionId, startTime: Fixed.start, waterlineValue: 1, totalAlcoholCount: 1, totalWaterCount: 0,
            isWarning: false, drinksUntilWaterDue: 0, nextReminderDate: next, isEnded: ended
        )
    }

    @Test("a running session goes stale when its next reminder falls due, so the countdown never freezes at 0:00")
    func staleAtReminder() {
        let now = Fixed.at(minutes: 30)
        let running = glance(next: Fixed.at(minutes: 50))
        #expect(LiveActivityTiming.staleDate(for: running, now: now) == Fixed.at(minutes: 50))
        #expect(LiveActivityTiming.isReminderDue(running, isStale: true))
        #expect(!LiveActivityTiming.isReminderDue(running, isStale: false))
    }

    @Test("with no reminder planned (or one already past), two hours; ended, at once, and gone fifteen minutes later")
    func otherwise() {
        let now = Fixed.at(minutes: 30)
        #expect(LiveActivityTiming.staleDate(for: glance(next: nil), now: now) == Fixed.at(minutes: 150))
        #expect(LiveActivityTiming.staleDate(for: glance(next: Fixed.at(minutes: 10)), now: now) == Fixed.at(minutes: 150))
        #expect(!LiveActivityTiming.isReminderDue(glance(next: nil), isStale: true), "stale for want of updates is not a reminder")
        let ended = glance(next: nil, ended: true)
        #expect(LiveActivityTiming.staleDate(for: ended, now: now) == now)
        #expect(!LiveActivityTiming.isReminderDue(ended, isStale: true))
        #expect(LiveActivityTiming.dismissal(endedAt: now) == Fixed.at(minutes: 45))
    }
}
