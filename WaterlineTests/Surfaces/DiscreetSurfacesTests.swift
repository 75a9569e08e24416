import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
import WaterlineTestSupport

/// Discreet mode on every surface someone else may see, on and off: the Live Activity on the Lock
/// Screen and in the Dynamic Island, the Lock Screen widgets and the watch face, notifications.
@Suite("Discreet mode, surface by surface")
@MainActor
struct DiscreetSurfacesTests {
    enum Surface: String, CaseIterable, Sendable {
        case liveActivityLockScreen, dynamicIslandCompact, dynamicIslandExpanded, lockScreenRectangular, watchFaceCorner, notification
    }

    /// A night of a beer, a double and a water, with discreet mode as given, through the runtime.
    func night(discreet: Bool) async throws -> (DeviceProcess, DeviceState) {
        var settings = UserSettings(waterEveryNDrinks: 1)
        settings.discreetNotifications = discreet
        let harness = try await ServiceHarness.prepared(settings)
        let phone = DeviceProcess(harness)
        phone.runtime.launched()
        await phone.runtime.becameActive()
        try await phone.runtime.send(.startSession)
        for action: SessionAction in [.logDrink(.quick, source: .phone), .logDrink(.quick, source: .phone), .logWater(source: .phone)] {
            harness.clock.advance(minutes: 5)
            try await phone.runtime.send(action)
        }
        return (phone, try await phone.runtime.currentState())
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
        case .lockScreenRectangular, .watchFaceCorner:
            let shown = WidgetPresentation(snapshot: widget, family: surface == .watchFaceCorner ? .accessoryCorner : .accessoryRectangular)
            return [shown.headline, shown.countsLine ?? "", shown.drinkButtonTitle].joined(separator: " ")
        case .notification:
            let nudge = try #require(phone.notifications.posted.last)
            return [nudge.content.title, nudge.content.body].joined(separator: " ")
        }
    }

    @Test("discreet on: no counts, no drink words; off: the counts are there", arguments: Surface.allCases, [true, false])
    func surface(_ surface: Surface, discreet: Bool) async throws {
        let (phone, state) = try await night(discreet: discreet)
        #expect(phone.liveActivities.running.values.first?.discreet == discreet, "the Live Activity's state carries the choice")
        let shown = try words(surface, phone, state).lowercased()
        let revealing = ["drink", "beer", "wineglass", "2·1", "· water"]
        if discreet {
            for word in revealing { #expect(!shown.contains(word), "\(surface) shows \(word) in discreet mode: \(shown)") }
        } else if surface != .notification && surface != .watchFaceCorner {
            #expect(shown.contains("2") && shown.contains("1"), "\(surface) shows the counts: \(shown)")
        }
    }

    @Test("the Dynamic Island's compact counts have a VoiceOver label")
    func compactLabel() {
        let glance = SessionGlance.mock
        let shown = LiveActivityPresentation(glance: glance)
        #expect(shown.compactCounts == "3·1")
        #expect(shown.compactAccessibilityLabel == GaugeDisplay(value: 2.5, threshold: 0, isWarning: true).accessibilityLabel + ". Drinks 3 · Water 1")
    }

    @Test("a Live Activity state from before discreet mode reached it reads as not discreet")
    func olderState() throws {
        let json = #"{"drinksUntilWaterDue":0,"isEnded":false,"isWarning":true,"sessionId":"5E550000-0000-4000-8000-000000000001","startTime":1795291200000,"totalAlcoholCount":3,"totalWaterCount":1,"waterlineValue":2.5}"#
        let glance = try WaterlineCoding.decoder().decode(SessionGlance.self, from: Data(json.utf8))
        #expect(!glance.discreet && glance.totalAlcoholCount == 3)
    }
}
