import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Deep links, stable ids, which device buzzes")
struct RuntimeValueTests {
    @Test("deep links round-trip through their URLs", arguments: [DeepLink.home, .activeSession, .pastSession(UUID(number: 0xABC))])
    func roundTrip(link: DeepLink) {
        #expect(DeepLink(url: link.url) == link)
        #expect(link.url.scheme == "waterline")
    }

    @Test("foreign or malformed URLs are not links", arguments: [
        "https://waterline.app/session", "waterline://", "waterline://sessions/not-a-uuid", "waterline://sessions",
        "waterline://session/extra", "waterline://settings", "mailto:someone@example.com",
    ])
    func rejects(text: String) throws {
        let url = try #require(URL(string: text))
        #expect(DeepLink(url: url) == nil)
    }

    @Test("a widget opens the session while one runs, else home")
    func widgetLink() {
        #expect(DeepLink.forWidget(.mock) == .activeSession)
        let none = WidgetSnapshot.noSession(lastSessionSummary: nil, settings: UserSettings(), generatedAt: .mockEvening)
        #expect(DeepLink.forWidget(none) == .home)
        #expect(DeepLink(url: URL(string: "WATERLINE://Session")!) == .activeSession)
    }

    @Test("stable ids: same text, same id; other text, other id; a valid version-8 UUID")
    func stableIds() {
        let one = StableID.uuid(for: "notification-response|waterline.time.abc.1|LOG_WATER")
        #expect(one == StableID.uuid(for: "notification-response|waterline.time.abc.1|LOG_WATER"))
        #expect(one != StableID.uuid(for: "notification-response|waterline.time.abc.2|LOG_WATER"))
        #expect(StableID.uuid(for: "") != StableID.uuid(for: " "))
        let text = one.uuidString
        #expect(Array(text)[14] == "8")
        #expect("89AB".contains(Array(text)[19]))
        let many = Set((0..<5_000).map { StableID.uuid(for: "response \($0)") })
        #expect(many.count == 5_000)
    }
}
