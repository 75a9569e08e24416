import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// One tap reads the night once: the action's result carries the fresh state to every surface
/// and every open screen, so nothing reads it again.
@Suite("One tap, one read of the night")
@MainActor
struct ReadCountTests {
    @Test("Log Water with Home and the Active Session screen open reads the night's logs once, and the running night once")
    func logWater() async throws {
        let store = CountingStore()
        let clock = TestClock(), ids = IncrementingUUIDs()
        let service = SessionService(store: store, now: { clock.now }, makeID: { ids() })
        let log = PlatformLog()
        let notifications = RecordingNotificationCenter(), liveActivities = RecordingLiveActivities(), watch = RecordingWatch()
        notifications.log = log
        liveActivities.log = log
        watch.log = log
        let platform = RuntimePlatform(
            capabilities: .phoneApp, notifications: notifications, liveActivities: liveActivities, widgets: RecordingWidgets(log: log), watch: watch,
            sync: RecordingSyncRunner(log: log), signal: RecordingSignal(log: log), background: RecordingBackground(), now: { clock.now },
            syncDebounce: .zero, sleep: { _ in }
        )
        let runtime = AppRuntime(service: service, platform: platform)
        liveActivities.appInFront = { runtime.isActive }
        try await runtime.send(.prepare(nil))
        try await runtime.send(.startSession)
        clock.advance(minutes: 5)
        try await runtime.send(.logDrink(.quick, source: .phone))
        await runtime.handle(.becameActive)
        let home = HomeModel(actions: runtime, preferences: MemoryPreferences())
        let screen = ActiveSessionModel(actions: runtime)
        await home.appeared()
        await screen.appeared()
        await runtime.handle(.settle)

        store.reset()
        let told = watch.notices.count
        await screen.waterButtonTapped()
        await runtime.handle(.settle)
        #expect(store.count("logs") == 1, "the night's logs are read once, by the action")
        #expect(store.count("activeSession") == 1)
        #expect(store.count("pastSessions") == 0, "Home's past nights did not change")
        // And every surface shows the water.
        #expect(screen.waterCount == 1 && home.active?.state.totalWaterCount == 1)
        #expect(watch.notices.count == told + 1, "the watch is told of the water, and pulls it")
        #expect(liveActivities.running.values.first?.totalWaterCount == 1)
    }
}
