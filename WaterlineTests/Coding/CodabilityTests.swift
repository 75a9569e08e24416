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
    @Test func logEntries() throws { try FixtureAssertions.check(LogEntry.mockSession, matches: "log-entries") }
    @Test func preset() throws { try FixtureAssertions.check(DrinkPreset.mockDouble, matches: "drink-preset") }
    @Test func summary() throws { try FixtureAssertions.check(SessionSummary.mock, matches: "session-summary") }
    @Test func state() throws {
        try FixtureAssertions.check(WaterlineEngine(warningThreshold: 2).computeState(from: LogEntry.mockSession), matches: "waterline-state")
    }
    @Test func sessionGlance() throws { try FixtureAssertions.check(SessionGlance.mock, matches: "session-glance") }
    @Test func widget() throws { try FixtureAssertions.check(WidgetSnapshot.mock, matches: "widget-snapshot") }
    @Test func reminder() throws { try FixtureAssertions.check(ReminderRequest.mock, matches: "reminder-request") }

    @Test func sessionRecord() throws { try FixtureAssertions.check(Session.mockNightOut.record, matches: "sync-session-record") }
    @Test func presetRecord() throws { try FixtureAssertions.check(DrinkPreset.mockDouble.record, matches: "sync-preset-record") }
    @Test func pendingChange() throws {
        try FixtureAssertions.check(PendingChange(payload: .logEntry(.mockWater), sequence: 3, revision: 2), matches: "sync-pending-change")
    }
    @Test func authSession() throws {
        let session = AuthSession(token: "header.payload.signature", expiresAt: .mockEvening.addingTimeInterval(30 * 86_400), user: .mock)
        try FixtureAssertions.check(session, matches: "sync-auth-session")
    }
    @Test func sessionReport() throws {
        let update = SessionSnapshot(
            session: .mockNightOut, logs: LogEntry.mockSession, state: WaterlineEngine().computeState(from: LogEntry.mockSession),
            reminders: .none, drinksUntilWaterDue: 2
        )
        try FixtureAssertions.check(SessionReport(update, settings: .mock, now: .mockEvening), matches: "session-report")
    }

    @Test("function answers in the Convex wire format")
    func functionResponses() throws {
        let success = try WaterlineCoding.decoder().decode(FunctionResponse<[SessionRecord]>.self, from: Self.fixture("sync-response-success"))
        guard case .success(let records) = success else { Issue.record("expected success"); return }
        #expect(records == [Session.mockNightOut.record])
        let failure = try WaterlineCoding.decoder().decode(FunctionResponse<NoArgs>.self, from: Self.fixture("sync-response-error"))
        guard case .error(let message, let code, _) = failure else { Issue.record("expected error"); return }
        #expect(message == "sizeOz must be more than 0 and at most 64 oz (got 65)")
        #expect(code == "INVALID_ARGUMENT")
    }

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures")))
    }

    @Test("every watch message kind", arguments: [
        (WatchMessage.request(.pull(PullRequest(cursor: 42, limit: 100))), "watch-request-pull"),
        (WatchMessage.request(.push(PushBatch(changes: [.logEntry(LogEntry.mockBeer)]))), "watch-request-push"),
        (WatchMessage.answer(.person(id: UUID(number: 0xA11CE), erasedBefore: UUID(number: 0xA11CF))), "watch-answer-person"),
        (WatchMessage.answer(.refused(code: "NOT_FOUND", message: "the iPhone has no one set up yet")), "watch-answer-refused"),
        (WatchMessage.delivery(PhoneDelivery(
            person: UUID(number: 0xA11CE), erasedBefore: nil, after: 41,
            page: PullPage(changes: [.logEntry(LogEntry.mockBeer)], cursor: 42, hasMore: false),
            taken: [TakenChange(sent: .logEntry(LogEntry.mockBeer), outcome: .stored(.logEntry(LogEntry.mockBeer)))]
        )), "watch-delivery"),
        (WatchMessage.request(.resend(after: 41)), "watch-request-resend"),
    ])
    func watchMessages(message: WatchMessage, fixture: String) throws {
        try FixtureAssertions.check(message, matches: fixture)
    }

    @Test("a message of an earlier protocol (version 1's log as a request, version 2's function call) reads as unknown, not as an error")
    func earlierVersionMessages() throws {
        let first = #"{"kind":"logWater","payload":{"id":"A0000000-0000-4000-8000-00000000000A","timestamp":1795292100000},"version":1}"#
        #expect(try WatchMessage.decodeIfKnown(Data(first.utf8)) == nil)
        let second = #"{"kind":"call","payload":{"body":"e30="},"version":2}"#
        #expect(try WatchMessage.decodeIfKnown(Data(second.utf8)) == nil)
        #expect(throws: DecodingError.self) { try WatchMessage.decodeIfKnown(Data(#"{"kind":"request","version":3}"#.utf8)) }
    }

    @Test("the log entries fixture spells sources and types as the spec does")
    func spellings() throws {
        let json = String(decoding: try WaterlineCoding.encoder().encode(LogEntry.mockSession), as: UTF8.self)
        #expect(json.contains("\"source\" : \"live_activity\""))
        #expect(json.contains("\"type\" : \"alcohol\""))
        #expect(json.contains("\"timestamp\" : 1795292100000"))
    }
}
