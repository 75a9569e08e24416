import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// Widget and Live Activity buttons, Siri and Shortcuts. A `LiveActivityIntent` runs in the
/// app's process (started in the background if need be); a plain intent runs in an extension's
/// process, which cannot touch the Live Activity or the watch and signals the app instead.
@Suite("Scenario: intents from the Live Activity, widgets and Siri")
@MainActor
struct IntentScenarioTests {
    @Test("a Live Activity tap in the app's process: logged, reminders, Live Activity, widgets, watch, sync")
    func liveActivityTap() async throws {
        let (harness, started) = try await ServiceHarness.sessionStarted()
        harness.clock.advance(minutes: 12)
        let phone = DeviceProcess(
            harness, liveActivities: RecordingLiveActivities.showing(started),
            expecting: [.reminders, .nudge, .liveActivity, .widgets, .watch, .sync, .screens], wristExpecting: [.reminders, .widgets]
        )
        await phone.runtime.handle(.launched)

        let outcome = try await phone.runtime.handle(.intent(.logWater, source: .liveActivity))
        #expect(outcome.dialog == "Water logged. Waterline −1.")
        let log = try #require(try await harness.store.logs(sessionId: started.session.id).first)
        #expect(log.source == .liveActivity && log.type == .water)
        #expect(phone.liveActivities.running[started.session.id]?.totalWaterCount == 1)
        #expect(phone.notifications.pendingByDate.first?.fireDate == harness.clock.now.addingTimeInterval(20 * 60))
        await phone.settled()
        #expect(phone.widgets.reloads == 1 && phone.sync.pushes == 1, "pushed before the background time is handed back")
        #expect(try await phone.watchSees().active?.state.totalWaterCount == 1)
        #expect(phone.signal.posts == 0, "the app's own writes need no signal")
        #expect(phone.background.open.isEmpty)

        // "+ Drink" on the Live Activity: with N = 1 the per-drink reminder fires.
        _ = try await phone.runtime.handle(.intent(.logDrink(presetId: nil), source: .liveActivity))
        #expect(phone.notifications.posted.map(\.kind) == [.perDrink])
        #expect(phone.liveActivities.running[started.session.id]?.totalAlcoholCount == 1)
    }

    @Test("a widget button in the extension's process: logged and the app signalled; the app brings the rest up to date")
    func widgetTapInExtension() async throws {
        let (harness, started) = try await ServiceHarness.sessionStarted()
        let app = DeviceProcess(
            harness, liveActivities: RecordingLiveActivities.showing(started),
            expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens], wristExpecting: [.reminders, .widgets]
        )
        await app.runtime.handle(.launched)
        await app.runtime.handle(.becameActive)
        harness.clock.advance(minutes: 3)

        let widget = DeviceProcess(harness, capabilities: .phoneExtension, expecting: [.reminders, .nudge, .widgets, .signal, .screens])
        await widget.runtime.handle(.launched)
        _ = try await widget.runtime.handle(.intent(.logDrink(presetId: nil), source: .widget))
        #expect(try await harness.store.logs(sessionId: started.session.id).map(\.source) == [.widget])
        #expect(widget.widgets.reloads == 1)
        #expect(widget.signal.posts == 1)
        #expect(widget.notifications.posted.map(\.kind) == [.perDrink], "the extension can post the nudge itself")
        #expect(widget.watch.activations == 0, "an extension does not open the watch link")

        // The signal reaches the running app: Live Activity, reminders and watch follow.
        await app.runtime.handle(.storeChangedElsewhere)
        #expect(app.liveActivities.running[started.session.id]?.totalAlcoholCount == 1)
        #expect(try await app.watchSees().active?.state.totalAlcoholCount == 1)
        #expect(!app.notifications.pending.isEmpty)
        #expect(app.background.open.isEmpty)
    }

    @Test("a session started from Siri in the extension gets its Live Activity when the app is next active")
    func startFromSiri() async throws {
        let harness = try await ServiceHarness.prepared()
        let siri = DeviceProcess(harness, capabilities: .phoneExtension, expecting: [.reminders, .widgets, .signal, .screens])
        let outcome = try await siri.runtime.handle(.intent(.startSession, source: .phone))
        #expect(outcome.dialog == "Session started. It shows on your Lock Screen once you open Waterline.", "told where the session will show")
        let sessionId = try #require(outcome.result?.session?.session.id)
        #expect(siri.signal.posts == 1)

        // The app was not running: it opens later and starts the Live Activity then.
        let app = DeviceProcess(harness, expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens])
        await app.runtime.handle(.launched)
        #expect(app.liveActivities.running.isEmpty)
        await app.runtime.handle(.becameActive)
        #expect(app.liveActivities.running[sessionId]?.isEnded == false)
        #expect(app.notifications.pending.values.allSatisfy { $0.sessionId == sessionId } && !app.notifications.pending.isEmpty)
    }

    @Test("a session started by the Live Activity intent in the app's process starts its Live Activity at once")
    func startInAppProcess() async throws {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(
            harness, liveActivities: RecordingLiveActivities(allowsStart: true),
            expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens]
        )
        await phone.runtime.handle(.launched)
        let outcome = try await phone.runtime.handle(.intent(.startSession, source: .widget))
        let sessionId = try #require(outcome.result?.session?.session.id)
        #expect(phone.liveActivities.starts == 1 && phone.liveActivities.running[sessionId] != nil)
        // "Already running" on a second start: nothing new.
        let again = try await phone.runtime.handle(.intent(.startSession, source: .widget))
        #expect(again.dialog == "A session is already running.")
        #expect(phone.liveActivities.starts == 1)
    }

    @Test("ending from Siri ends the Live Activity and cancels the reminders, here or at the next activation")
    func endFromSiri() async throws {
        let (harness, started) = try await ServiceHarness.sessionStarted()
        let app = DeviceProcess(
            harness, liveActivities: RecordingLiveActivities.showing(started),
            expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens]
        )
        await app.runtime.handle(.becameActive)
        #expect(!app.notifications.pending.isEmpty)

        let siri = DeviceProcess(harness, capabilities: .phoneExtension, expecting: [.widgets, .signal, .screens])
        _ = try await siri.runtime.handle(.intent(.endSession, source: .phone))
        await app.runtime.handle(.becameActive)
        #expect(app.liveActivities.running.isEmpty)
        #expect(app.liveActivities.ended[started.session.id]??.isEnded == true)

        // In the app's process it happens at once.
        let next = try await harness.service.startSession().snapshot
        await app.runtime.handle(.becameActive)
        _ = try await app.runtime.handle(.intent(.endSession, source: .phone))
        #expect(app.liveActivities.running[next.session.id] == nil)
        #expect(app.notifications.pending.values.allSatisfy { $0.sessionId != next.session.id })
    }

    @Test("logging with no session running answers calmly and changes nothing")
    func noSession() async throws {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(harness)
        let outcome = try await phone.runtime.handle(.intent(.logWater, source: .widget))
        #expect(outcome.dialog == "There's no session running. Start one first.")
        #expect(phone.widgets.reloads == 0 && phone.background.open.isEmpty)
    }

    @Test("a widget, the watch's push and a notification at the same moment: every log once, the Live Activity ends on the latest state")
    func together() async throws {
        let (harness, started) = try await ServiceHarness.sessionStarted()
        let app = DeviceProcess(
            harness, liveActivities: RecordingLiveActivities.showing(started),
            expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens], wristExpecting: [.reminders, .nudge, .widgets]
        )
        await app.runtime.handle(.launched)
        // The watch logged a drink with the phone away; its push arrives with the rest.
        _ = try await app.watchSees()
        let watch = try #require(app.pairedWatch)
        await watch.phone(reachable: false)
        try await watch.runtime.send(.logDrink(.quick, source: .watch))
        watch.link.isReachable = true
        let runtime = app.runtime
        let response = NotificationResponse(actionIdentifier: NotificationAction.logWater.rawValue, requestIdentifier: "waterline.time.x.1")
        async let widget = await runtime.handle(.intent(.logWater, source: .widget))
        async let pushed: Void = watch.phone(reachable: true)
        async let notification: Void = await runtime.handle(.notificationResponse(response))
        async let again: Void = await runtime.handle(.notificationResponse(response))
        _ = try await (widget, pushed, notification, again)

        let logs = try await harness.store.logs(sessionId: started.session.id)
        #expect(logs.filter { $0.type == .water }.count == 2)
        #expect(logs.filter { $0.type == .alcohol }.count == 1)
        let shown = try #require(app.liveActivities.running[started.session.id])
        #expect(shown.totalWaterCount == 2 && shown.totalAlcoholCount == 1)
        #expect(try await app.watchSees().active?.state.totalWaterCount == 2)
        #expect(app.background.open.isEmpty)
    }
}
