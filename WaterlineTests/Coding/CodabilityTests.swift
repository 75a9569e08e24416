import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

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
    @Test func sessionGlance() throws { try FixtureAssertions.check(SessionGlance.mock, matches: "session-glance") }
    @Test func widget() throws { try FixtureAssertions.check(WidgetSnapshot.mock, matches: "widget-snapshot") }
    @Test func reminder() throws { try FixtureAssertions.check(ReminderRequest.mock, matches: "reminder-request") }

    @Test func sessionRecord() throws { try FixtureAssertions.check(SessionRecord(Session.mockNightOut), matches: "sync-session-record") }
    @Test func presetRecord() throws { try FixtureAssertions.check(PresetRecord(.mockDouble), matches: "sync-preset-record") }
    @Test func pendingChange() throws {
        try FixtureAssertions.check(PendingChange(payload: .logEntry(.mockWater), sequence: 3, revision: 2), matches: "sync-pending-change")
    }
    @Test func authSession() throws {
        let session = AuthSession(token: "header.payload.signature", expiresAt: .mockEvening.addingTimeInterval(30 * 86_400), user: .mock)
        try FixtureAssertions.check(session, matches: "sync-auth-session")
    }
    @Test func sessionReport() throws {
        let update = SessionSnapshot(
            session: .mockNightOut, logs: LogEntry.mockNight, state: WaterlineEngine().computeState(from: LogEntry.mockNight),
            reminders: .none, drinksUntilWaterDue: 2
        )
        try FixtureAssertions.check(SessionReport(update, settings: .mock, now: .mockEvening), matches: "session-report")
    }

    @Test("function answers in the Convex wire format")
    func functionResponses() throws {
        let success = try WaterlineCoding.decoder().decode(FunctionResponse<[SessionRecord]>.self, from: Self.fixture("sync-response-success"))
        guard case .success(let records) = success else { Issue.record("expected success"); return }
        #expect(records == [SessionRecord(Session.mockNightOut)])
        let failure = try WaterlineCoding.decoder().decode(FunctionResponse<NoArgs>.self, from: Self.fixture("sync-response-error"))
        guard case .error(let message, let code) = failure else { Issue.record("expected error"); return }
        #expect(message == "sizeOz must be more than 0 and at most 64 oz (got 65)")
        #expect(code == "INVALID_ARGUMENT")
    }

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures")))
    }

    @Test("every watch message kind", arguments: [
        (WatchMessage.logDrink(.mockDrink), "watch-log-drink"),
        (WatchMessage.logWater(.mockWater), "watch-log-water"),
        (WatchMessage.startSession(requestId: UUID(uuidString: "c0000000-0000-4000-8000-000000000001")!, requestedAt: Fixed.start), "watch-start-session"),
        (WatchMessage.endSession(requestId: UUID(uuidString: "c0000000-0000-4000-8000-000000000002")!, sessionId: Session.mockNightOut.id), "watch-end-session"),
        (WatchMessage.snapshot(.mock), "watch-snapshot"),
        (WatchMessage.reminder(.mock), "watch-reminder"),
    ])
    func watchMessages(message: WatchMessage, fixture: String) throws {
        try FixtureAssertions.check(message, matches: fixture)
    }

    @Test("an end-session message from before it named its session still reads")
    func endSessionWithoutSession() throws {
        let json = #"{"kind":"endSession","payload":{"requestId":"C0000000-0000-4000-8000-000000000002"},"version":1}"#
        #expect(try WatchMessage.decodeIfKnown(Data(json.utf8)) == .endSession(requestId: UUID(uuidString: "C0000000-0000-4000-8000-000000000002")!, sessionId: nil))
    }

    @Test("a start message from before it carried its time still reads, as a start of unknown age")
    func startSessionWithoutTime() throws {
        let json = #"{"kind":"startSession","payload":{"requestId":"C0000000-0000-4000-8000-000000000001"},"version":1}"#
        #expect(try WatchMessage.decodeIfKnown(Data(json.utf8)) == .startSession(requestId: UUID(uuidString: "C0000000-0000-4000-8000-000000000001")!, requestedAt: nil))
    }

    @Test("the log entries fixture spells sources and types as the spec does")
    func spellings() throws {
        let json = String(decoding: try WaterlineCoding.encoder().encode(LogEntry.mockNight), as: UTF8.self)
        #expect(json.contains("\"source\" : \"live_activity\""))
        #expect(json.contains("\"type\" : \"alcohol\""))
        #expect(json.contains("\"timestamp\" : 1795292100000"))
    }
}
