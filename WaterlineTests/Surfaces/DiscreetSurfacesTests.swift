import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
import WaterlineTestSupport

/// Discreet mode and "Hide counts on the Lock Screen", on and off, on every surface someone else
/// may see: the Live Activity on the Lock Screen and in the Dynamic Island, the Lock Screen widgets
/// and the watch face, notifications. By default the counts show (US-030, US-032); discreet
/// changes the words only; hiding counts takes the numbers away.
@Suite("Discreet mode and hidden counts, surface by surface")
@MainActor
struct DiscreetSurfacesTests {
    enum Surface: String, CaseIterable, Sendable {
        case liveActivityLockScreen, dynamicIslandCompact, dynamicIslandExpanded, lockScreenRectangular, watchFaceRectangular
        case watchFaceCorner, notification
    }

    /// A session of a beer, a double and a water, with the settings as given, through the runtime.
    func session(discreet: Bool, hideCounts: Bool = false) async throws -> (DeviceProcess, DeviceState) {
        var settings = UserSettings(waterEveryNDrinks: 1)
        settings.discreetNotifications = discreet
        settings.hideLockScreenCounts = hideCounts
        let harness = try await ServiceHarness.prepared(settings)
        let phone = DeviceProcess(harness, expecting: [.reminders, .nudge, .liveActivity, .widgets, .watch, .sync, .screens])
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.becameActive)
        try await phone.runtime.send(.startSession)
        for action: SessionAction in [.logDrink(.quick, source: .phone), .logDrink(.quick, source: .phone), .logWater(source: .phone)] {
            harness.clock.advance(minutes: 5)
            try await phone.runtime.send(action)
        }
        return (phone, try await phone.runtime.reader.currentState())
    }

    /// Every word the surface shows.
    func words(_ surface: Surface, _ phone: DeviceProcess, _ state: DeviceState) throws -> String {
        let glance = try #require(phone.liveActivities.running.values.first)
        let live = LiveActivityPresentation(glance: glance)
        let widget = WidgetSnapshot(state: state, generatedAt: Fixed.start)
        switch surface {
        case .liveActivityLockScreen:
            return [live.headline, live.countsLine ?? "", live.drinkButtonTitle, live.drinkButtonSymbol, live.warningLine ?? ""].joined(separator: " ")
        case .dynamicIslandCompact:
            return [live.compactCounts ?? "", live.compactAccessibilityLabel].joined(separator: " ")
        case .dynamicIslandExpanded:
            return [live.headline, live.countsLine ?? "", live.drinkButtonTitle, live.drinkButtonSymbol].joined(separator: " ")
        case .lockScreenRectangular, .watchFaceRectangular, .watchFaceCorner:
            let shown = WidgetPresentation(snapshot: widget, family: surface == .watchFaceCorner ? .accessoryCorner : .accessoryRectangular)
            return [shown.headline, shown.countsLine ?? "", shown.drinkButtonTitle].joined(separator: " ")
        case .notification:
            let nudge = try #require(phone.notifications.posted.last)
            return [nudge.content.title, nudge.content.body].joined(separator: " ")
        }
    }

    /// The counts (two drinks, one water) as the surface prints them, nil where it has no room
    /// for them even by default (a watch face corner; notifications follow discreet mode alone).
    func counts(on surface: Surface, discreet: Bool) -> String? {
        switch surface {
        case .dynamicIslandCompact: "2·1"
        case .liveActivityLockScreen, .dynamicIslandExpanded, .lockScreenRectangular, .watchFaceRectangular: discreet ? "2 · water 1" : "drinks 2 · water 1"
        case .watchFaceCorner, .notification: nil
        }
    }

    @Test(
        "counts by default, discreet words when discreet, no numbers when hidden",
        arguments: Surface.allCases, [(false, false), (true, false), (false, true), (true, true)]
    )
    func surface(_ surface: Surface, settings: (discreet: Bool, hideCounts: Bool)) async throws {
        let (phone, state) = try await session(discreet: settings.discreet, hideCounts: settings.hideCounts)
        let glance = try #require(phone.liveActivities.running.values.first)
        #expect(glance.discreet == settings.discreet && glance.hidesCounts == settings.hideCounts, "the Live Activity's state carries both choices")
        let shown = try words(surface, phone, state).lowercased()
        if settings.discreet {
            for word in ["drink", "beer", "wineglass"] { #expect(!shown.contains(word), "\(surface) says \(word) in discreet mode: \(shown)") }
        } else if surface != .notification {
            #expect(shown.contains("beer") || surface == .dynamicIslandCompact || surface == .watchFaceCorner, "\(surface) names the quick drink: \(shown)")
        }
        guard let counts = counts(on: surface, discreet: settings.discreet) else { return }
        if settings.hideCounts {
            #expect(!shown.contains(counts) && !shown.contains("2·1") && !shown.contains("water 1"), "\(surface) hides the counts: \(shown)")
        } else {
            #expect(shown.contains(counts), "\(surface) shows the counts: \(shown)")
        }
    }

    @Test("the Home Screen keeps its counts and drink words whatever the Lock Screen hides")
    func homeScreen() async throws {
        let (_, state) = try await session(discreet: true, hideCounts: true)
        let shown = WidgetPresentation(snapshot: WidgetSnapshot(state: state, generatedAt: Fixed.start), family: .systemMedium)
        #expect(shown.countsLine == "Drinks 2 · Water 1")
        #expect(shown.drinkButtonTitle == "+ Beer")
    }

    @Test("Settings offer hiding the counts, off by default, and a change reaches the Live Activity and the widgets")
    func hidingReachesSurfaces() async throws {
        let (phone, _) = try await session(discreet: true)
        #expect(UserSettings().hideLockScreenCounts == false)
        var settings = try await phone.runtime.reader.currentState().settings
        settings.hideLockScreenCounts = true
        try await phone.runtime.send(.updateSettings(settings))
        let glance = try #require(phone.liveActivities.running.values.first)
        #expect(glance.hidesCounts)
        #expect(LiveActivityPresentation(glance: glance).countsLine == nil)
        let snapshot = try #require(phone.widgets.showing)
        #expect(WidgetPresentation(snapshot: snapshot, family: .accessoryRectangular).countsLine == nil)
    }

    @Test("settings and a widget snapshot from before the setting read as showing the counts")
    func olderSettings() throws {
        let settings = try WaterlineCoding.decoder().decode(
            UserSettings.self,
            from: Data(#"{"waterEveryNDrinks":1,"timeRemindersEnabled":true,"timeReminderIntervalMinutes":20,"warningThreshold":2,"defaultWaterAmountOz":8,"units":"oz","discreetNotifications":true,"updatedAt":0}"#.utf8)
        )
        #expect(!settings.hideLockScreenCounts && settings.discreetNotifications)
        #expect(settings.stamp(of: .hideLockScreenCounts) == UserSettings.untouchedStamp, "never chosen on a device that did not know it")
        // Counts hidden on a newer device, then an older device's later change: the choice stays.
        var newer = UserSettings()
        newer = newer.edited(to: UserSettings(hideLockScreenCounts: true), at: Fixed.start)
        var older = try WaterlineCoding.decoder().decode(
            UserSettings.self,
            from: Data(#"{"waterEveryNDrinks":3,"timeRemindersEnabled":true,"timeReminderIntervalMinutes":20,"warningThreshold":2,"defaultWaterAmountOz":8,"units":"oz","discreetNotifications":true,"updatedAt":1795291260000}"#.utf8)
        )
        older.updatedAt = Fixed.start.addingTimeInterval(600)
        let merged = newer.merged(with: older)
        #expect(merged.hideLockScreenCounts && merged.waterEveryNDrinks == 3)
        #expect(older.merged(with: newer) == merged, "the same whichever merges first")
        var snapshot = WidgetSnapshot.placeholder(at: Fixed.start)
        snapshot.hidesCounts = nil
        #expect(WidgetPresentation(snapshot: snapshot, family: .accessoryRectangular).countsLine != nil)
    }

    @Test("the Dynamic Island's compact counts have a VoiceOver label")
    func compactLabel() {
        let glance = SessionGlance.mock
        let shown = LiveActivityPresentation(glance: glance)
        #expect(shown.compactCounts == "3·1")
        #expect(shown.compactAccessibilityLabel == GaugeDisplay(value: 2.5, threshold: 0, isWarning: true).accessibilityLabel + ". Drinks 3 · Water 1")
        var hidden = glance
        hidden.hidesCounts = true
        #expect(LiveActivityPresentation(glance: hidden).compactAccessibilityLabel == GaugeDisplay(value: 2.5, threshold: 0, isWarning: true).accessibilityLabel)
    }

    @Test("a Live Activity state from before discreet mode reached it reads as not discreet")
    func olderState() throws {
        let json = #"{"drinksUntilWaterDue":0,"isEnded":false,"isWarning":true,"sessionId":"5E550000-0000-4000-8000-000000000001","startTime":1795291200000,"totalAlcoholCount":3,"totalWaterCount":1,"waterlineValue":2.5}"#
        let glance = try WaterlineCoding.decoder().decode(SessionGlance.self, from: Data(json.utf8))
        #expect(!glance.discreet && !glance.hidesCounts && glance.totalAlcoholCount == 3)
    }
}
