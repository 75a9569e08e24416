import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// The watch's main screen over the watch's own runtime: every tap an action through the one
/// door, a refusal shown as the rule that refused it, in the watch's language.
@Suite("The watch's screen")
@MainActor
struct WatchSessionModelTests {
    func watch() async -> PairedWatch {
        let watch = PairedWatch(clock: TestClock(), phone: nil, phoneReachable: false, expecting: [.reminders, .widgets])
        await watch.launch()
        await watch.screen.appeared()
        return watch
    }

    @Test("a tap with no session running says so calmly, and logs nothing")
    func noSession() async throws {
        let watch = await watch()
        await watch.screen.waterButtonTapped()
        #expect(watch.screen.problemMessage == "No session is running, so this wasn't logged.")
        #expect(watch.screen.display == WatchDisplay(hasSession: false, waterlineValue: 0, drinks: 0, water: 0, isWarning: false, warningThreshold: 2, unsent: 5), "only the starter presets wait for the phone")
        watch.screen.problemDismissed()
        #expect(watch.screen.problemMessage == nil)
        watch.screen.drinkButtonTapped()
        #expect(!watch.screen.isPickingPreset, "no picker without a session")
    }

    @Test("a preset deleted elsewhere before it was tapped: the rule that refused it, and the picker closes")
    func unknownPreset() async throws {
        let watch = await watch()
        await watch.screen.startSessionTapped()
        let beer = try #require(watch.screen.presets.first { $0.name == "Beer" })
        try await watch.runtime.send(.deletePreset(id: beer.id))
        watch.screen.drinkButtonTapped()
        #expect(watch.screen.isPickingPreset)
        await watch.screen.presetTapped(beer)
        #expect(!watch.screen.isPickingPreset)
        #expect(watch.screen.problemMessage == WatchProblem.unknownPreset.message)
        #expect(watch.screen.display.drinks == 0)
    }

    @Test("VoiceOver reads the gauge, the counts, the warning and what is unsent (in Spanish too) as one sentence")
    func voiceOver() async throws {
        let display = WatchDisplay(hasSession: true, waterlineValue: 3, drinks: 3, water: 0, isWarning: true, warningThreshold: 2, unsent: 1)
        #expect(display.accessibilityLabel.hasPrefix(display.gauge.accessibilityLabel + ". 3 drinks, 0 water. "))
        #expect(display.accessibilityLabel.contains(try #require(display.gauge.warningText)))
        #expect(display.accessibilityLabel.hasSuffix("1 change not on your iPhone yet"))
        #expect(KitText.string(KitStrings.watchCounts, .int(3), .int(0), language: "es") == "3 bebidas, 0 de agua")
        #expect(KitText.string(KitStrings.watchUnsent, .int(1), language: "es") == "1 cambio aún no está en tu iPhone")
        #expect(KitText.string(KitStrings.watchNotRunning, language: "es") == "No hay ninguna noche en curso")
        #expect(WatchDisplay.noSession.accessibilityLabel == "No session running")
    }

    @Test("the session's plan is set on the wrist, and reaches the phone by the watch's push; \"No Plan\" clears it")
    func planOnTheWrist() async throws {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(harness, expecting: [.reminders, .widgets, .watch, .sync, .screens])
        await phone.runtime.handle(.launched)
        let watch = PairedWatch(clock: harness.clock, phone: phone.runtime, expecting: [.reminders, .widgets])
        await watch.launch()
        await watch.screen.appeared()
        watch.screen.planButtonTapped()
        #expect(!watch.screen.isPlanning, "no plan without a session")
        await watch.screen.startSessionTapped()
        watch.screen.planButtonTapped()
        #expect(watch.screen.isPlanning && watch.screen.planSuggestion == Session.suggestedPlannedDrinks, "no plan yet: the picker starts at the suggestion")
        await watch.screen.planChosen(4)
        await watch.settled()
        #expect(!watch.screen.isPlanning && watch.screen.plannedDrinks == 4 && watch.screen.planSuggestion == 4)
        #expect(try await phone.runtime.reader.currentState().active?.session.plannedDrinks == 4, "the phone has the plan")
        harness.clock.advance(minutes: 1)
        await watch.screen.planChosen(nil)
        await watch.settled()
        #expect(watch.screen.plannedDrinks == nil)
        #expect(try await phone.runtime.reader.currentState().active?.session.plannedDrinks == nil)
    }
}
