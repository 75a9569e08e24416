import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Reminder planner")
struct ReminderPlannerTests {
    let planner = ReminderPlanner()
    let settings = UserSettings(timeReminderIntervalMinutes: 20)

    func minutes(_ plan: ReminderPlan) -> [Double] {
        plan.requests.map { $0.fireDate.timeIntervalSince(Fixed.start) / 60 }
    }

    @Test("anchored to the session start, every interval, up to the 90-minute cut-off")
    func fromStart() {
        let plan = planner.plan(session: Fixed.session(), logs: [], settings: settings, now: Fixed.start)
        #expect(minutes(plan) == [20, 40, 60, 80])
        #expect(plan.nextReminderDate == Fixed.at(minutes: 20))
        #expect(plan.requests.allSatisfy { $0.kind == .timeBased && $0.sessionId == Fixed.sessionId })
    }

    @Test("a glass of water restarts the clock")
    func waterRestarts() {
        let logs = [Fixed.drink(1, at: 5), Fixed.water(2, at: 30)]
        let plan = planner.plan(session: Fixed.session(), logs: logs, settings: settings, now: Fixed.at(minutes: 31))
        #expect(minutes(plan) == [50, 70, 90, 110])
    }

    @Test("a drink does not restart the clock but keeps the session awake")
    func drinkKeepsAwake() {
        let logs = [Fixed.drink(1, at: 70)]
        let plan = planner.plan(session: Fixed.session(), logs: logs, settings: settings, now: Fixed.at(minutes: 71))
        // Anchored at the start (no water): 80, 100, … up to 70 + 90 = 160.
        #expect(minutes(plan) == [80, 100, 120, 140, 160])
    }

    @Test("nothing after 90 minutes without any log")
    func quietCutoff() {
        let logs = [Fixed.drink(1, at: 0)]
        let plan = planner.plan(session: Fixed.session(), logs: logs, settings: settings, now: Fixed.at(minutes: 95))
        #expect(plan.requests.isEmpty)
        #expect(plan.nextReminderDate == nil)
    }

    @Test("reminders already past are skipped, not fired late")
    func skipsPast() {
        let logs = [Fixed.drink(1, at: 55)]
        let plan = planner.plan(session: Fixed.session(), logs: logs, settings: settings, now: Fixed.at(minutes: 61))
        #expect(minutes(plan).first == 80)
    }

    @Test("nothing once the session has ended, nothing when time reminders are off")
    func endedOrOff() {
        let ended = Fixed.session(endTime: Fixed.at(minutes: 30))
        #expect(planner.plan(session: ended, logs: [], settings: settings, now: Fixed.at(minutes: 10)).requests.isEmpty)
        var off = settings
        off.timeRemindersEnabled = false
        #expect(planner.plan(session: Fixed.session(), logs: [], settings: off, now: Fixed.start).requests.isEmpty)
    }

    @Test("never more than ten pending")
    func capped() {
        let busy = (0..<30).map { Fixed.drink($0 + 1, at: Double($0) * 20) }
        let tight = UserSettings(timeReminderIntervalMinutes: 10)
        let plan = planner.plan(session: Fixed.session(), logs: busy, settings: tight, now: Fixed.at(minutes: 575))
        #expect(plan.requests.count == 10)
        #expect(minutes(plan) == (58...67).map { Double($0 * 10) })
    }

    @Test("identifiers are stable across re-plans and share the session prefix")
    func identifiers() {
        let first = planner.plan(session: Fixed.session(), logs: [], settings: settings, now: Fixed.start)
        let again = planner.plan(session: Fixed.session(), logs: [Fixed.drink(1, at: 1)], settings: settings, now: Fixed.at(minutes: 2))
        #expect(first.requests.map(\.identifier) == again.requests.map(\.identifier))
        let prefix = ReminderPlanner.identifierPrefix(sessionId: Fixed.sessionId)
        #expect(first.requests.allSatisfy { $0.identifier.hasPrefix(prefix) })
        #expect(Set(first.requests.map(\.identifier)).count == first.requests.count)
    }

    @Test("logs of another session or deleted ones do not move the anchor")
    func ignoresForeignAndDeleted() {
        var deletedWater = Fixed.water(1, at: 30)
        deletedWater.deletedAt = Fixed.at(minutes: 31)
        let foreign = Fixed.water(2, at: 35, session: UUID(number: 99))
        let plan = planner.plan(session: Fixed.session(), logs: [deletedWater, foreign], settings: settings, now: Fixed.at(minutes: 36))
        #expect(minutes(plan) == [40, 60, 80])
    }

    @Test("the content follows the discreet setting")
    func contentIsDiscreet() throws {
        let plan = planner.plan(session: Fixed.session(), logs: Fixed.logs("DDD"), settings: settings, now: Fixed.at(minutes: 3))
        let content = try #require(plan.requests.first?.content)
        #expect(content.title == NotificationCopy.discreetTitle)
        #expect(content.detailBody.contains("Drinks 3"))
    }
}

@Suite("Reminders coming due")
struct ReminderDueTests {
    @Test("a foreground loop announces each reminder once, in the look when it came due, oldest first")
    func due() {
        let plan = ReminderPlanner().plan(session: Fixed.session(), logs: [], settings: UserSettings(), now: Fixed.start)
        var watch = ReminderWatch(since: Fixed.start)
        #expect(watch.look(at: plan, now: Fixed.at(minutes: 19)).isEmpty)
        #expect(watch.look(at: plan, now: Fixed.at(minutes: 20)).map(\.fireDate) == [Fixed.at(minutes: 20)])
        #expect(watch.look(at: plan, now: Fixed.at(minutes: 21)).isEmpty, "announced once")
        #expect(watch.look(at: plan, now: Fixed.at(minutes: 61)).map(\.fireDate) == [Fixed.at(minutes: 40), Fixed.at(minutes: 60)])
        #expect(watch.look(at: plan, now: Fixed.at(minutes: 30)).isEmpty, "the clock went back: nothing")
        #expect(watch.lastLook == Fixed.at(minutes: 30))
        #expect(watch.look(at: nil, now: Fixed.at(minutes: 90)).isEmpty, "no session, no reminder")
    }

    @Test("the first look of a watch started without a time only marks it")
    func firstLook() {
        let plan = ReminderPlanner().plan(session: Fixed.session(), logs: [], settings: UserSettings(), now: Fixed.start)
        var watch = ReminderWatch()
        #expect(watch.look(at: plan, now: Fixed.at(minutes: 30)).isEmpty)
        #expect(watch.look(at: plan, now: Fixed.at(minutes: 41)).map(\.fireDate) == [Fixed.at(minutes: 40)])
    }
}
