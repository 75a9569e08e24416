import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// The app and an extension write to the same store: the app's open screens show the new
/// state, refreshed in-process by the runtime and across processes by the signal.
@Suite("Scenario: two processes write; the open app shows the new state")
@MainActor
struct CrossProcessScenarioTests {
    @Test("an extension's write reaches the open screens through the signal")
    func extensionWrite() async throws {
        let (harness, started) = try await ServiceHarness.sessionStarted()
        let app = DeviceProcess(
            harness, liveActivities: RecordingLiveActivities.showing(started),
            expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens]
        )
        await app.runtime.handle(.becameActive)
        let active = ActiveSessionModel(actions: app.runtime)
        let home = HomeModel(actions: app.runtime, preferences: MemoryPreferences())
        await active.appeared()
        await home.appeared()
        #expect(active.waterCount == 0 && home.active?.state.totalWaterCount == 0)

        let widget = DeviceProcess(harness, capabilities: .phoneExtension, expecting: [.reminders, .widgets, .signal, .screens])
        _ = try await widget.runtime.handle(.intent(.logWater, source: .widget))
        #expect(active.waterCount == 0, "not yet: the app has not heard of it")
        #expect(widget.signal.posts == 1)
        await app.runtime.handle(.storeChangedElsewhere)
        #expect(active.waterCount == 1)
        #expect(home.active?.state.totalWaterCount == 1)
        #expect(active.gauge.valueText == "-1")
    }

    @Test("a write in the app's own process (widget intent, watch, notification) refreshes the screens at once")
    func inProcessWrite() async throws {
        let (harness, _) = try await ServiceHarness.sessionStarted()
        let app = DeviceProcess(
            harness,
            expecting: [.reminders, .nudge, .liveActivity, .widgets, .watch, .sync, .screens], wristExpecting: [.reminders, .widgets]
        )
        await app.runtime.handle(.becameActive)
        let active = ActiveSessionModel(actions: app.runtime)
        await active.appeared()

        _ = try await app.runtime.handle(.intent(.logDrink(presetId: nil), source: .liveActivity))
        #expect(active.drinkCount == 1)
        try await app.onWatch(.logWater(source: .watch))
        #expect(active.waterCount == 1)
        let reminder = try #require(app.notifications.pendingByDate.first)
        await app.runtime.handle(.notificationResponse(NotificationResponse(actionIdentifier: NotificationAction.logWater.rawValue, requestIdentifier: reminder.identifier)))
        #expect(active.waterCount == 2)
    }

    @Test("a session ended on the watch takes the open Active Session screen to its summary")
    func endedElsewhere() async throws {
        let (harness, started) = try await ServiceHarness.sessionStarted()
        let app = DeviceProcess(harness, expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens], wristExpecting: [.reminders, .widgets])
        await app.runtime.handle(.becameActive)
        let active = ActiveSessionModel(actions: app.runtime)
        await active.appeared()
        harness.clock.advance(minutes: 1)
        try await app.onWatch(.endSession(sessionId: started.session.id))
        #expect(active.update == nil)
        #expect(active.endedSession?.session.id == started.session.id)
        #expect(active.endedSession?.session.isActive == false)
        active.summaryClosed()
        #expect(active.endedSession == nil)
    }

    @Test("undo is still offered after a log refreshes the screen through the runtime")
    func undoSurvivesRefresh() async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        let app = DeviceProcess(harness, expecting: [.reminders, .widgets, .watch, .sync, .screens])
        let active = ActiveSessionModel(actions: app.runtime)
        await active.appeared()
        await active.waterButtonTapped()
        #expect(active.undo.offer != nil)
        await active.undoTapped()
        #expect(active.waterCount == 0)
    }

    @Test("a screen that is gone stops being refreshed")
    func goneScreens() async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        let app = DeviceProcess(harness, expecting: [.reminders, .widgets, .watch, .sync, .screens])
        let before = app.runtime.screenUpdates.observerCount
        var screen: ActiveSessionModel? = ActiveSessionModel(actions: app.runtime)
        #expect(app.runtime.screenUpdates.observerCount == before + 1)
        _ = screen
        screen = nil
        await app.runtime.handle(.storeChangedElsewhere)
        #expect(app.runtime.screenUpdates.observerCount == before)
    }
}
