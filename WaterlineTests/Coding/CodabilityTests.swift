import Foundation
import Testing
@testable import WaterlineKit

@Suite("Wire formats pinned by fixtures")
struct CodabilityTests {
    @Test func user() throws { try FixtureAssertions.check(User.mock, matches: "user") }
    @Test func settings() throws { try FixtureAssertions.check(UserSettings.mock, matches: "user-settings") }
    @Test func defaultSettings() throws { try FixtureAssertions.check(UserSettings(), matches: "user-settings-default") }
    @Test func session() throws { try FixtureAssertions.check(Session.mockNightOut, matches: "session") }
    @Test func logEntries() throws { try FixtureAssertions.check(LogEntry.mockNight, matches: "log-entries") }
    @Test func preset() throws { try FixtureAssertions.check(DrinkPreset.mockDouble, matches: "drink-preset") }
    @Test func summary() throws { try FixtureAssertions.check(SessionSummary.mock, matches: "session-summary") }
    @Test func state() throws {
        try FixtureAssertions.check(WaterlineEngine(warningThreshold: 2).computeState(from: LogEntry.mockNight), matches: "waterline-state")
    }
    @Test func liveActivity() throws { try FixtureAssertions.check(LiveActivityState.mock, matches: "live-activity-state") }
    @Test func widget() throws { try FixtureAssertions.check(WidgetSnapshot.mock, matches: "widget-snapshot") }
    @Test func reminder() throws { try FixtureAssertions.check(ReminderRequest.mock, matches: "reminder-request") }

    @Test("every watch message kind", arguments: [
        (WatchMessage.logDrink(.mockDrink), "watch-log-drink"),
        (WatchMessage.logWater(.mockWater), "watch-log-water"),
        (WatchMessage.startSession(requestId: UUID(uuidString: "c0000000-0000-4000-8000-000000000001")!), "watch-start-session"),
        (WatchMessage.endSession(requestId: UUID(uuidString: "c0000000-0000-4000-8000-000000000002")!), "watch-end-session"),
        (WatchMessage.snapshot(.mock), "watch-snapshot"),
        (WatchMessage.reminder(.mock), "watch-reminder"),
    ])
    func watchMessages(message: WatchMessage, fixture: String) throws {
        try FixtureAssertions.check(message, matches: fixture)
    }

    @Test("the log entries fixture spells sources and types as the spec does")
    func spellings() throws {
        let json = String(decoding: try WaterlineCoding.encoder().encode(LogEntry.mockNight), as: UTF8.self)
        #expect(json.contains("\"source\" : \"live_activity\""))
        #expect(json.contains("\"type\" : \"alcohol\""))
        #expect(json.contains("\"timestamp\" : 1795292100000"))
    }
}
