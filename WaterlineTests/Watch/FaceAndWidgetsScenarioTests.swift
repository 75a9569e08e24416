import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// The watch face and the phone's widgets through a long session, on WidgetKit's daily budget
/// (reloads with the app in front are free; about 40 others a day, the rest dropped).
@Suite("Scenario: the face is current, within the widgets' budget")
@MainActor
struct FaceAndWidgetsScenarioTests {
    /// A session started on the phone's screen, the phone then locked, the watch handed it and asleep.
    func sessionStarted() async throws -> (ServiceHarness, DeviceProcess, PairedWatch) {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(harness, expecting: [.reminders, .nudge, .liveActivity, .widgets, .watch, .sync, .screens])
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.becameActive)
        let watch = PairedWatch(clock: harness.clock, phone: phone.runtime, expecting: [.reminders, .nudge, .widgets])
        await watch.launch()
        await watch.suspend()
        try await phone.runtime.send(.startSession)
        await phone.runtime.handle(.resignedActive)
        await phone.settled()
        try await watch.deliver(from: phone.watch)
        return (harness, phone, watch)
    }

    /// The face shows the watch's session, or is held back within the budget's spacing with the
    /// watch's refresh asked for when the held reload is due; and the watch holds the phone's session.
    func expectFaceCurrent(_ watch: PairedWatch, _ harness: ServiceHarness, at step: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let snapshot = try #require(try await watch.runtime.reader.currentState().active, sourceLocation: sourceLocation)
        let phone = try #require(try await harness.service.activeSession(), sourceLocation: sourceLocation)
        #expect(Set(snapshot.logs.map(\.id)) == Set(phone.logs.map(\.id)), "\(step): both devices hold the session's logs", sourceLocation: sourceLocation)
        let face = try #require(watch.complications.showing, sourceLocation: sourceLocation)
        guard face.totalAlcoholCount != snapshot.state.totalAlcoholCount || face.totalWaterCount != snapshot.state.totalWaterCount else { return }
        let due = try #require(watch.refreshes.scheduled, "\(step): the face is behind and no refresh is asked for", sourceLocation: sourceLocation)
        #expect(due.timeIntervalSince(harness.clock.now) <= ConsequencePlan.backgroundWidgetSpacing, "\(step): the face catches up within the spacing", sourceLocation: sourceLocation)
    }

    @Test("a 40-log session on the phone, the watch suspended: the complication stays inside its budget, is never more than the spacing behind, and ends on the session's last state by the refresh it asked for")
    func fortyLogPhoneSession() async throws {
        let (harness, phone, watch) = try await sessionStarted()
        phone.watch.complicationOnFace = true
        let clock = harness.clock, messages = watch.link.messages
        for index in 0..<40 {
            clock.advance(minutes: 6)
            try await watch.refreshIfDue()
            try await phone.runtime.send(index.isMultiple(of: 3) ? .logWater(source: .phone) : .logDrink(.quick, source: .phone))
            await phone.settled()
            try await watch.deliver(from: phone.watch)
            try await expectFaceCurrent(watch, harness, at: "log \(index + 1)")
        }
        #expect(watch.link.messages == messages, "nothing reached the phone by asking: a watch app out of the front cannot message it")
        // No more events: the refresh the watch asked for brings the face to the last log.
        clock.advance(minutes: 10)
        #expect(try await watch.refreshIfDue(), "the held reload's refresh came")
        let snapshot = try #require(try await harness.service.activeSession())
        #expect(watch.complications.showing?.totalAlcoholCount == snapshot.state.totalAlcoholCount)
        #expect(watch.complications.showing?.totalWaterCount == snapshot.state.totalWaterCount, "the face ends on the session's last state")
        #expect(watch.complications.dropped == 0 && watch.complications.counted <= RecordingWidgets.dailyBudget, "\(watch.complications.counted) complication reloads counted")
        #expect(phone.watch.complicationTransfersSpent <= RecordingWatch.complicationBudget, "\(phone.watch.complicationTransfersSpent) complication transfers")
        #expect(phone.watch.complicationTransfersSpent > 0)
    }

    @Test("a 40-log session made on both devices: the complication keeps up within its budget, and neither device's widgets go past theirs")
    func fortyLogSession() async throws {
        let (harness, phone, watch) = try await sessionStarted()
        let clock = harness.clock
        for index in 0..<40 {
            clock.advance(minutes: 6)
            try await watch.refreshIfDue()
            let action: SessionAction = index.isMultiple(of: 3) ? .logWater(source: .phone) : .logDrink(.quick, source: .phone)
            if index.isMultiple(of: 2) {
                // On the phone, opened for it: its widgets reload for free; the watch is handed the log in the background.
                await phone.runtime.handle(.becameActive)
                try await phone.runtime.send(action)
                await phone.runtime.handle(.resignedActive)
                await phone.settled()
                try await watch.deliver(from: phone.watch)
            } else {
                // On the wrist: transferred as the wrist goes down, delivered to the phone in its bag.
                try await watch.glance(action)
                await watch.link.deliverQueued()
                await phone.settled()
                try await watch.deliver(from: phone.watch)
            }
            try await expectFaceCurrent(watch, harness, at: "log \(index + 1)")
        }
        await phone.runtime.handle(.becameActive)
        try await phone.runtime.send(.endSession())
        await phone.runtime.handle(.resignedActive)
        await phone.settled()
        try await watch.deliver(from: phone.watch)

        #expect(phone.widgets.dropped == 0 && phone.widgets.counted <= RecordingWidgets.dailyBudget, "phone: \(phone.widgets.counted) counted")
        #expect(watch.complications.dropped == 0 && watch.complications.counted <= RecordingWidgets.dailyBudget, "watch: \(watch.complications.counted) counted")
        #expect(watch.complications.showing?.isActive == false, "the face says the session ended")
        #expect(phone.widgets.showing?.isActive == false)
    }

    @Test("40 logs on the wrist with the phone in a bag: the phone's widgets, reloaded in the background, stay inside their budget and end on the session's last state")
    func fortyLogsOnTheWrist() async throws {
        let (harness, phone, watch) = try await sessionStarted()
        let clock = harness.clock
        for index in 0..<40 {
            clock.advance(minutes: 6)
            try await watch.glance(index.isMultiple(of: 3) ? .logWater(source: .watch) : .logDrink(.quick, source: .watch))
            await watch.link.deliverQueued()
            await phone.settled()
        }
        try await watch.glance(.endSession())
        await watch.link.deliverQueued()
        await phone.settled()
        #expect(phone.widgets.dropped == 0 && phone.widgets.counted <= RecordingWidgets.dailyBudget, "\(phone.widgets.counted) reloads counted")
        #expect(phone.widgets.showing?.isActive == false && phone.widgets.showing?.lastSessionSummary == nil, "the session's end reached the widgets")
        #expect(phone.liveActivities.ended.count == 1, "and the Live Activity, which carried every log on the Lock Screen")
    }

    @Test("Live Activities off, the phone locked all session: 40 logs from reminders and a widget's button keep the widgets inside their budget, each shown within a quarter hour by the widget's own reload, and the session's last log shows by itself", arguments: [false, true])
    func fortyLogsWithoutLiveActivity(withWidgetButtons: Bool) async throws {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(
            harness, liveActivities: RecordingLiveActivities(allowsStart: false),
            expecting: [.reminders, .nudge, .widgets, .watch, .sync, .screens]
        )
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.becameActive)
        try await phone.runtime.send(.startSession)
        await phone.settled()
        await phone.runtime.handle(.resignedActive)
        let clock = harness.clock
        var latest: SessionSnapshot?
        for index in 0..<40 {
            clock.advance(minutes: 7)
            await phone.widgets.timePassed(to: clock.now)
            let action: SessionAction = index.isMultiple(of: 3) ? .logWater(source: .phone) : .logDrink(.quick, source: .phone)
            if withWidgetButtons, index.isMultiple(of: 4) {
                // A Home Screen widget's button runs in the widget extension's own process.
                let widget = DeviceProcess(harness, capabilities: .phoneExtension, expecting: [.reminders, .nudge, .widgets, .signal, .screens])
                latest = try await widget.runtime.send(action, from: .widget).session
            } else {
                latest = try await phone.runtime.send(action, from: .notification).session
            }
            await phone.settled()
            let shown = try #require(phone.widgets.showing)
            let lagging = try #require(latest).state.totalAlcoholCount + (latest?.state.totalWaterCount ?? 0) - shown.totalAlcoholCount - shown.totalWaterCount
            #expect(lagging <= 3, "log \(index): the widgets are at most a quarter hour behind (\(lagging) logs)")
        }
        // Nobody touches the phone again: the widget's own reload brings the last log.
        clock.advance(minutes: WidgetSelfReload.interval / 60)
        await phone.widgets.timePassed(to: clock.now)
        let snapshot = try #require(latest)
        #expect(phone.widgets.showing?.totalAlcoholCount == snapshot.state.totalAlcoholCount && phone.widgets.showing?.totalWaterCount == snapshot.state.totalWaterCount,
                "the session's last log shows, with no event to carry it")
        #expect(phone.widgets.dropped == 0 && phone.widgets.counted <= RecordingWidgets.dailyBudget, "\(phone.widgets.counted) reloads counted (\(phone.widgets.selfReloads) by WidgetKit itself)")
        // Left alone, the widget stops reloading itself.
        let counted = phone.widgets.counted
        for _ in 0..<12 {
            clock.advance(minutes: 15)
            await phone.widgets.timePassed(to: clock.now)
        }
        #expect(phone.widgets.counted <= counted + Int(WidgetSelfReload.liveWindow / WidgetSelfReload.interval), "no reloads once the session is left alone")
    }

    @Test("the widget extension's reloads and the app's spend one budget: the widget's, not a process's")
    func oneBudgetForEveryProcess() async throws {
        let harness = try await ServiceHarness.prepared()
        let app = DeviceProcess(harness, expecting: [.reminders, .widgets, .watch, .sync, .screens])
        await app.runtime.handle(.launched)
        try await app.runtime.send(.startSession)
        let byApp = harness.widgetBudget.counted
        #expect(byApp > 0, "a background change spends the budget")
        let widget = DeviceProcess(harness, capabilities: .phoneExtension, expecting: [.reminders, .widgets, .signal, .screens])
        harness.clock.advance(minutes: 1)
        _ = try await widget.runtime.handle(.intent(.logWater, source: .widget))
        #expect(widget.widgets.counted == harness.widgetBudget.counted && app.widgets.counted == widget.widgets.counted)
        #expect(harness.widgetBudget.counted > byApp, "the extension's reload is counted against the same budget")
    }
}
