import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineRuntime
import WaterlineTestSupport

/// Quiet reminders: a style (sound and haptic, haptic only, silent) and "no reminders after" a
/// time of night, honoured by every reminder a device posts.
@Suite("Quiet reminders")
@MainActor
struct QuietRemindersTests {
    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    /// A session begun at `start` (a time of day in `zone`, on Fixed.start's day there).
    static func session(startingAt hour: Int, _ minute: Int = 0, in calendar: Calendar) -> Session {
        var session = Session.mockNightOut
        session.startTime = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: Fixed.start)!
        session.endTime = nil
        session.isActive = true
        return session
    }

    static func ending(at minute: Int?, style: ReminderStyle = .soundAndHaptic) -> UserSettings {
        UserSettings(reminderStyle: style, remindersEndEnabled: minute != nil, remindersEndMinute: minute ?? 60)
    }

    @Test(
        "the session's end: the first such time after twelve hours before the session began",
        arguments: ["UTC", "Europe/Madrid", "America/Los_Angeles"]
    )
    func end(zone: String) throws {
        let calendar = Self.calendar(zone)
        let evening = Self.session(startingAt: 21, in: calendar)
        let afterOne = try #require(RemindersEnd.date(for: evening, settings: Self.ending(at: 60), calendar: calendar))
        #expect(afterOne.timeIntervalSince(evening.startTime) == 4 * 3600, "21:00 → 01:00 the next day")
        let sameEvening = try #require(RemindersEnd.date(for: evening, settings: Self.ending(at: 23 * 60 + 30), calendar: calendar))
        #expect(sameEvening.timeIntervalSince(evening.startTime) == 2.5 * 3600, "21:00 → 23:30 the same day")
        let late = Self.session(startingAt: 2, in: calendar)
        let passed = try #require(RemindersEnd.date(for: late, settings: Self.ending(at: 60), calendar: calendar))
        #expect(passed < late.startTime, "begun at 02:00, its 01:00 has passed")
        #expect(RemindersEnd.date(for: evening, settings: Self.ending(at: nil), calendar: calendar) == nil)
    }

    @Test("time reminders stop before the end; a session begun after it has none; without an end they go on", arguments: ReminderStyle.allCases)
    func planned(style: ReminderStyle) {
        let calendar = Self.calendar("Europe/Madrid")
        let planner = ReminderPlanner(calendar: calendar)
        let evening = Self.session(startingAt: 23, in: calendar)
        // Every 20 minutes from 23:00, none from 00:00 on.
        let ended = planner.plan(session: evening, logs: [], settings: Self.ending(at: 0, style: style), now: evening.startTime)
        #expect(ended.requests.map { $0.fireDate.timeIntervalSince(evening.startTime) / 60 } == [20, 40])
        #expect(ended.requests.allSatisfy { $0.content.style == style })
        let open = planner.plan(session: evening, logs: [], settings: Self.ending(at: nil, style: style), now: evening.startTime)
        #expect(open.requests.count == 4, "up to the 90-minute quiet cut-off")
        let late = Self.session(startingAt: 2, in: calendar)
        #expect(planner.plan(session: late, logs: [], settings: Self.ending(at: 60, style: style), now: late.startTime).requests.isEmpty)
    }

    /// The minute of the day of `date` on this machine's clock (the runtime's planner reads the
    /// device's calendar), so the runtime test holds in any time zone.
    static func localMinute(of date: Date) -> Int {
        let parts = Calendar.current.dateComponents([.hour, .minute], from: date)
        return (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    }

    @Test("through the runtime: the nudge after a drink comes before the end and not after; every reminder has the chosen style")
    func runtime() async throws {
        var settings = UserSettings(waterEveryNDrinks: 1, reminderStyle: .hapticOnly, remindersEndEnabled: true)
        settings.remindersEndMinute = Self.localMinute(of: Fixed.at(minutes: 50))
        let harness = try await ServiceHarness.prepared(settings)
        let phone = DeviceProcess(harness, expecting: [.reminders, .nudge, .liveActivity, .widgets, .watch, .sync, .screens])
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.becameActive)
        try await phone.runtime.send(.startSession)
        #expect(phone.notifications.pendingByDate.map(\.fireDate) == [Fixed.at(minutes: 20), Fixed.at(minutes: 40)])
        #expect(phone.notifications.pendingByDate.allSatisfy { $0.content.style == .hapticOnly })

        harness.clock.advance(minutes: 10)
        try await phone.runtime.send(.logDrink(.quick, source: .phone))
        let nudge = try #require(phone.notifications.posted.last)
        #expect(nudge.kind == .perDrink && nudge.content.style == .hapticOnly)

        let posted = phone.notifications.posted.count
        harness.clock.advance(minutes: 50)
        try await phone.runtime.send(.logDrink(.quick, source: .phone))
        #expect(phone.notifications.posted.count == posted, "after the end, no nudge")
        #expect(phone.notifications.pendingByDate.isEmpty, "and nothing planned")
    }

    @Test("\"HH:MM\" reads as a minute of the day and back; anything else is refused")
    func parsing() {
        #expect(RemindersEnd.minute(parsing: "01:00") == 60)
        #expect(RemindersEnd.minute(parsing: "23:59") == 1_439)
        for bad in ["24:00", "1:00", "01:60", "0100", "", "aa:bb", "01:00:00"] { #expect(RemindersEnd.minute(parsing: bad) == nil, "\(bad)") }
        #expect(RemindersEnd.text(minute: 90) == "01:30")
    }

    @Test("a minute outside the day is refused, never clamped")
    func validation() {
        for minute in [-1, 1_440] {
            #expect(throws: ValidationError.self) { try UserSettings(remindersEndEnabled: true, remindersEndMinute: minute).validate() }
        }
        #expect(throws: Never.self) { try UserSettings(remindersEndEnabled: true, remindersEndMinute: 1_439).validate() }
    }
}
