import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
import WaterlineTestSupport

/// Widgets read a snapshot without building the write path: the same answer as the service's,
/// and nothing written, not even on a store nobody has set up.
@Suite("The widgets' read-only snapshot")
struct WidgetSnapshotReaderTests {
    @Test("a running session and a past one: the same snapshot the service gives")
    func sameAsService() async throws {
        let (harness, _) = try await ServiceHarness.sessionStarted(UserSettings(waterEveryNDrinks: 2))
        harness.clock.advance(minutes: 5)
        try await harness.service.logDrink(.quick, source: .phone)
        let clock = harness.clock
        let reader = WidgetSnapshotReader(store: harness.store, now: { clock.now })
        let running = try await reader.snapshot()
        #expect(running == (try await harness.service.widgetSnapshot()))
        #expect(running.isActive && running.totalAlcoholCount == 1)
        harness.clock.advance(minutes: 60)
        _ = try await harness.service.endSession()
        let ended = try await reader.snapshot()
        let fromService = try await harness.service.widgetSnapshot()
        #expect(ended == fromService)
        #expect(!ended.isActive && ended.lastSessionSummary?.totalAlcoholCount == 1)
    }

    @Test("a store nobody has set up reads as the defaults, and stays empty")
    func writesNothing() async throws {
        let store = InMemorySessionStore()
        let snapshot = try await WidgetSnapshotReader(store: store, now: { Fixed.start }).snapshot()
        #expect(!snapshot.isActive && snapshot.warningThreshold == UserSettings().warningThreshold)
        let user = try await store.user()
        let presets = try await store.presets()
        let writes = await store.writeTransactions
        #expect(user == nil && presets.isEmpty && writes == 0)
    }
}
