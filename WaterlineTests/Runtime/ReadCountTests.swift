import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// One tap reads the session once: the action's result carries the fresh state to every surface
/// and every open screen, so nothing reads it again.
@Suite("One tap, one read of the session")
@MainActor
struct ReadCountTests {
    @Test("Log Water with Home and the Active Session screen open reads neither the session nor its logs (the service steps the session it knows on); after another writer touched the session, each is read once")
    func logWater() async throws {
        let store = CountingStore()
        let clock = TestClock(), ids = IncrementingUUIDs()
        let service = SessionService(store: store, now: { clock.now }, makeID: { ids() })
        let log = PlatformLog(expecting: [.reminders, .nudge, .liveActivity, .widgets, .sync], capabilities: .phoneApp)
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
        await screen.waterButtonTapped()
        await runtime.handle(.settle)
        #expect(store.count("logs") == 0, "the session as the service knew it, stepped on: no log read")
        #expect(store.count("activeSession") == 0, "nor the session")
        #expect(store.count("pastSessions") == 0, "Home's past sessions did not change")
        // And every surface shows the water.
        #expect(screen.waterCount == 1 && home.active?.state.totalWaterCount == 1)
        #expect(liveActivities.running.values.first?.totalWaterCount == 1)

        // Another writer (a widget's process, a pull) adds a log to the session: the next action
        // cannot trust what it knew, and reads the session's logs once.
        let snapshot = try #require(try await service.activeSession())
        clock.advance(minutes: 1)
        try await store.saveLog(LogEntry(id: UUID(number: 0xE1), sessionId: snapshot.session.id, timestamp: clock.now, type: .water,
                                         waterMeta: WaterMeta(amountOz: 8), source: .widget, updatedAt: clock.now))
        store.reset()
        clock.advance(minutes: 1)
        await screen.waterButtonTapped()
        await runtime.handle(.settle)
        #expect(store.count("logs") == 1, "read once, the other writer's log among them")
        #expect(store.count("activeSession") == 1)
        #expect(screen.waterCount == 3)
    }

    @Test("a pull reads only what it brought: an ended session's late log reads none of tonight's logs; tonight's new log steps it on without reading them; an edit of tonight's log reads them once")
    func pullReadsWhatChanged() async throws {
        let store = CountingStore()
        let clock = TestClock(), ids = IncrementingUUIDs()
        let log = PlatformLog(expecting: [.liveActivity, .widgets, .sync], capabilities: .phoneApp)
        let sync = RecordingSyncRunner(log: log), liveActivities = RecordingLiveActivities()
        liveActivities.log = log
        let platform = RuntimePlatform(
            capabilities: .phoneApp, notifications: RecordingNotificationCenter(), liveActivities: liveActivities, widgets: RecordingWidgets(log: log),
            watch: RecordingWatch(), sync: sync, signal: RecordingSignal(log: log), background: RecordingBackground(), now: { clock.now },
            syncDebounce: .zero, sleep: { _ in }
        )
        let runtime = AppRuntime(service: SessionService(store: store, now: { clock.now }, makeID: { ids() }), platform: platform)
        liveActivities.appInFront = { runtime.isActive }
        try await runtime.send(.prepare(nil))
        let past = try #require(try await runtime.send(.startSession).session?.session)
        try await runtime.send(.logDrink(.quick, source: .phone))
        try await runtime.send(.endSession())
        clock.advance(minutes: 60 * 24)
        let tonight = try #require(try await runtime.send(.startSession).session?.session)
        try await runtime.send(.logDrink(.quick, source: .phone))
        await runtime.handle(.becameActive)
        await runtime.handle(.settle)

        store.reset()
        let late = LogEntry.water(id: UUID(number: 0xA1), sessionId: past.id, at: past.startTime.addingTimeInterval(60), amountOz: 8)
        sync.nextPullBrings { _ = try? await store.inner.applyRemote(.logEntry(late)) }
        await runtime.handle(.syncNow(.signIn))
        await runtime.handle(.settle)
        #expect(store.count("logs") == 0, "tonight did not change: its logs are not read again")
        #expect(store.count("presets") == 0, "no preset changed")
        #expect(try await runtime.reader.session(id: past.id).state.totalWaterCount == 1, "the late log is in")

        store.reset()
        let water = LogEntry.water(id: UUID(number: 0xA2), sessionId: tonight.id, at: clock.now, amountOz: 8)
        sync.nextPullBrings { _ = try? await store.inner.applyRemote(.logEntry(water)) }
        await runtime.handle(.syncNow(.signIn))
        await runtime.handle(.settle)
        #expect(store.count("logs") == 0, "a new log of tonight steps the session on: its logs are not read again")
        #expect(store.count("logFeed") == 1, "only the feed's page of what came is")
        #expect(liveActivities.running[tonight.id]?.totalWaterCount == 1, "and every surface shows the water")
        #expect(try await runtime.reader.currentState().active == (try await SessionService(store: store.inner, now: { clock.now }).state().active),
                "exactly the session a full read makes")

        store.reset()
        var edited = water
        edited.waterMeta = WaterMeta(amountOz: 12)
        edited.updatedAt = clock.now.addingTimeInterval(1)
        let edit = edited
        sync.nextPullBrings { _ = try? await store.inner.applyRemote(.logEntry(edit)) }
        await runtime.handle(.syncNow(.signIn))
        await runtime.handle(.settle)
        #expect(store.count("logs") == 1, "an edit is no new log: tonight's logs are read once")
        #expect(try await runtime.reader.currentState().active?.logs.last?.waterMeta?.amountOz == 12)
    }
}
