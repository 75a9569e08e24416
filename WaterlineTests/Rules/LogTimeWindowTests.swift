import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Where an edited log's time may go")
struct LogTimeWindowTests {
    /// Madrid, so midnight is not UTC's midnight.
    let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Madrid")!
        return calendar
    }()

    func date(_ day: Int, _ hour: Int, _ minute: Int) -> Date {
        calendar.date(from: DateComponents(year: 2026, month: 11, day: day, hour: hour, minute: minute))!
    }

    func session(from start: Date, to end: Date?) -> Session {
        Session(id: Fixed.sessionId, userId: UUID(number: 1), startTime: start, endTime: end, isActive: end == nil)
    }

    @Test("23:50 moved to 00:10 lands ten past midnight the next day, inside the session")
    func acrossMidnight() {
        let window = LogTimeWindow(session: session(from: date(21, 22, 0), to: date(22, 2, 0)), now: date(22, 9, 0))
        #expect(window.spansDays(in: calendar))
        // A picker showing hour and minute only keeps the log's own day: 21 Nov 00:10, before the session.
        let picked = date(21, 0, 10)
        #expect(!window.contains(picked))
        #expect(window.placing(picked, in: calendar) == date(22, 0, 10))
        // And back: 00:10 moved to 23:50 lands the evening before, not the next session.
        #expect(window.placing(date(22, 23, 50), in: calendar) == date(21, 23, 50))
    }

    @Test("a time inside the session stays as picked; one no day of the session holds is left for the service to refuse")
    func insideAndImpossible() {
        let window = LogTimeWindow(session: session(from: date(21, 22, 0), to: date(22, 2, 0)), now: date(22, 9, 0))
        #expect(window.placing(date(21, 23, 15), in: calendar) == date(21, 23, 15))
        #expect(window.placing(date(21, 15, 0), in: calendar) == date(21, 15, 0), "3 pm is in no day of a 22:00–02:00 session")
        #expect(!window.spansDays(in: LogTimeWindowTests.sameDay))
    }

    @Test("a running session ends now: a time later today is not placed in the future")
    func runningSession() {
        let window = LogTimeWindow(session: session(from: date(21, 22, 0), to: nil), now: date(22, 0, 30))
        #expect(window.end == date(22, 0, 30))
        #expect(window.placing(date(21, 0, 20), in: calendar) == date(22, 0, 20))
        #expect(window.placing(date(21, 0, 45), in: calendar) == date(21, 0, 45), "00:45 has not happened yet")
        let early = LogTimeWindow(session: session(from: date(21, 22, 0), to: nil), now: date(21, 21, 0))
        #expect(early.range == date(21, 22, 0)...date(21, 22, 0), "a clock behind the start leaves only the start")
    }

    @Test("a long session offering a time on two of its days picks the one nearest the picked day")
    func nearest() {
        let window = LogTimeWindow(session: session(from: date(21, 20, 0), to: date(23, 1, 0)), now: date(23, 9, 0))
        #expect(window.placing(date(20, 23, 0), in: calendar) == date(21, 23, 0))
        #expect(window.placing(date(24, 0, 30), in: calendar) == date(23, 0, 30))
    }

    static let sameDay: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: -14 * 3600)!
        return calendar
    }()
}

@Suite("Scenario: moving a drink's time across midnight on the summary")
@MainActor
struct MidnightEditScenarioTests {
    @Test("23:50 → 00:10 saves ten past midnight; a time outside the session is refused in words")
    func summaryEdit() async throws {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()  // 20:00 UTC
        harness.clock.advance(minutes: 230)  // 23:50
        let drink = try #require(try await harness.service.quickLog(.alcohol, source: .phone).changedLog)
        harness.clock.advance(minutes: 100)  // 01:30 the next day
        let ended = try await harness.service.endSession().snapshot
        let app = DeviceProcess(harness, expecting: [.widgets, .watch, .sync, .screens])
        let summary = SummaryModel(update: ended, settings: UserSettings(), isEditable: true, actions: app.runtime)
        #expect(summary.editWindow.spansDays(in: utc), "the picker offers the date too")

        // The hour-and-minute picker hands back 00:10 on the drink's own day.
        var edited = drink
        let picked = utc.date(bySettingHour: 0, minute: 10, second: 0, of: drink.timestamp)!
        edited.timestamp = summary.editWindow.placing(picked, in: utc)
        await summary.logEdited(edited)
        #expect(summary.errorMessage == nil)
        #expect(try await harness.store.log(id: drink.id)?.timestamp == Fixed.at(minutes: 250))

        edited.timestamp = Fixed.at(minutes: 400)
        await summary.logEdited(edited)
        #expect(summary.errorMessage == SessionServiceError.logOutsideSession.description)
        #expect(try await harness.store.log(id: drink.id)?.timestamp == Fixed.at(minutes: 250), "nothing lost")
    }
}
