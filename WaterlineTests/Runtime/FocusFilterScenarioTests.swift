import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineRuntime
import WaterlineTestSupport

/// A Focus filter ("while Work is on, be discreet and hide counts") holds on every surface the
/// settings govern while its Focus is on, and stops with it, without touching the person's
/// settings or sending anything to the cloud.
@Suite("Scenario: a Focus that makes Waterline discreet")
@MainActor
struct FocusFilterScenarioTests {
    /// What every surface shows: a reminder's preview, the nudge after a drink, the widgets' and
    /// the Live Activity's words and counts.
    struct Shown: Equatable {
        var reminderDiscreet: Bool
        var nudgeDiscreet: Bool
        var widgetDiscreet: Bool
        var widgetHidesCounts: Bool
        var liveActivityDiscreet: Bool
        var liveActivityHidesCounts: Bool
    }

    static let discreetTitle = NotificationCopy.discreetTitle

    /// The person's own settings: not discreet, counts shown; a drink's nudge after each drink.
    static let settings = UserSettings(waterEveryNDrinks: 1, discreetNotifications: false, hideLockScreenCounts: false)

    func shown(with focus: FocusFilter?) async throws -> (Shown, DeviceProcess, ServiceHarness) {
        let (harness, started) = try await ServiceHarness.sessionStarted(Self.settings)
        harness.focus.value = focus
        let phone = DeviceProcess(
            harness, liveActivities: RecordingLiveActivities.showing(started),
            expecting: [.reminders, .nudge, .liveActivity, .widgets, .watch, .sync, .screens]
        )
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.becameActive)
        _ = try await phone.runtime.send(.logDrink(.quick, source: .phone))
        await phone.settled()
        let reminder = try #require(phone.notifications.pendingByDate.first)
        let nudge = try #require(phone.notifications.posted.last)
        let widget = try #require(phone.widgets.showing)
        let glance = try #require(phone.liveActivities.running[started.session.id])
        let shown = Shown(
            reminderDiscreet: reminder.content.title == Self.discreetTitle, nudgeDiscreet: nudge.content.title == Self.discreetTitle,
            widgetDiscreet: widget.discreet, widgetHidesCounts: widget.hidesCounts ?? false,
            liveActivityDiscreet: glance.discreet, liveActivityHidesCounts: glance.hidesCounts
        )
        return (shown, phone, harness)
    }

    @Test("each filter on every surface, as a table", arguments: [
        (nil as FocusFilter?, Shown(reminderDiscreet: false, nudgeDiscreet: false, widgetDiscreet: false, widgetHidesCounts: false, liveActivityDiscreet: false, liveActivityHidesCounts: false)),
        (FocusFilter(), Shown(reminderDiscreet: false, nudgeDiscreet: false, widgetDiscreet: false, widgetHidesCounts: false, liveActivityDiscreet: false, liveActivityHidesCounts: false)),
        (FocusFilter(discreet: true), Shown(reminderDiscreet: true, nudgeDiscreet: true, widgetDiscreet: true, widgetHidesCounts: false, liveActivityDiscreet: true, liveActivityHidesCounts: false)),
        (FocusFilter(hidesCounts: true), Shown(reminderDiscreet: false, nudgeDiscreet: false, widgetDiscreet: false, widgetHidesCounts: true, liveActivityDiscreet: false, liveActivityHidesCounts: true)),
        (FocusFilter(discreet: true, hidesCounts: true), Shown(reminderDiscreet: true, nudgeDiscreet: true, widgetDiscreet: true, widgetHidesCounts: true, liveActivityDiscreet: true, liveActivityHidesCounts: true)),
    ])
    func table(focus: FocusFilter?, expected: Shown) async throws {
        let (shown, _, harness) = try await shown(with: focus)
        #expect(shown == expected)
        #expect(try await harness.store.user()?.settings.discreetNotifications == false, "the person's settings are untouched")
        #expect(try await harness.store.user()?.settings.hideLockScreenCounts == false)
    }

    @Test("the Focus turns on and off: every surface follows at once; the settings, the sync and the Settings screen's values do not move")
    func onAndOff() async throws {
        let (before, phone, harness) = try await shown(with: nil)
        #expect(!before.widgetDiscreet && !before.reminderDiscreet)
        let pushes = phone.sync.pushes
        let settings = try await harness.store.user()?.settings

        harness.focus.value = FocusFilter(discreet: true, hidesCounts: true)
        await phone.runtime.handle(.focusChanged)
        await phone.settled()
        #expect(phone.widgets.showing?.discreet == true && phone.widgets.showing?.hidesCounts == true)
        #expect(phone.notifications.pendingByDate.allSatisfy { $0.content.title == Self.discreetTitle }, "every pending reminder's preview")
        #expect(phone.liveActivities.running.values.allSatisfy { $0.discreet && $0.hidesCounts })
        #expect(try await phone.runtime.reader.currentState().settings == settings, "Settings shows the person's own choices")
        #expect(phone.sync.pushes == pushes, "nothing to sync")

        harness.focus.value = FocusFilter()
        await phone.runtime.handle(.focusChanged)
        await phone.settled()
        #expect(phone.widgets.showing?.discreet == false && phone.widgets.showing?.hidesCounts == false)
        #expect(phone.notifications.pendingByDate.allSatisfy { $0.content.title != Self.discreetTitle })
        #expect(phone.liveActivities.running.values.allSatisfy { !$0.discreet && !$0.hidesCounts })
    }

    @Test("a widget that reloads itself in its own process reads the filter too")
    func widgetExtension() async throws {
        let (harness, _) = try await ServiceHarness.sessionStarted(Self.settings)
        harness.focus.value = FocusFilter(discreet: true)
        let store = harness.store, clock = harness.clock, focus = harness.focus
        let snapshot = try await WidgetSnapshotReader(store: store, now: { clock.now }, focus: focus.value).snapshot()
        #expect(snapshot.discreet && snapshot.isActive)
    }
}
