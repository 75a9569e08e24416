import Foundation
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// A session service over an in-memory store, with a hand-moved clock and readable ids.
struct ServiceHarness {
    let clock = TestClock()
    let ids: IncrementingUUIDs
    let store: InMemorySessionStore
    let service: SessionService
    /// The phone app's file of what it delivered to its watch, which outlives each process.
    let watchLedger = MemoryLedgerStorage()
    /// The device's WidgetKit budget, which every process of the app spends.
    let widgetBudget = WidgetBudget()
    /// The Focus filter in the App Group, which every process of the app reads.
    let focus = MemoryValue<FocusFilter?>(nil)

    /// - Parameter firstID: where its ids start (another device's harness starts elsewhere).
    init(store: InMemorySessionStore = InMemorySessionStore(), firstID: Int? = nil) {
        self.store = store
        ids = firstID.map { IncrementingUUIDs(first: $0) } ?? IncrementingUUIDs()
        let clock = self.clock, ids = self.ids
        service = SessionService(store: store, now: { clock.now }, makeID: { ids() })
    }

    /// A harness whose person has finished onboarding with `settings`.
    static func prepared(_ settings: UserSettings = UserSettings(), firstID: Int? = nil) async throws -> ServiceHarness {
        let harness = ServiceHarness(firstID: firstID)
        try await harness.service.prepare(settings: settings)
        return harness
    }

    /// A prepared harness with a session started at `Fixed.start`.
    static func sessionStarted(_ settings: UserSettings = UserSettings()) async throws -> (ServiceHarness, SessionSnapshot) {
        let harness = try await prepared(settings)
        return (harness, try await harness.service.startSession().snapshot)
    }

    func presetNamed(_ name: String) async throws -> DrinkPreset {
        try await service.presets().first { $0.name == name }!
    }
}
