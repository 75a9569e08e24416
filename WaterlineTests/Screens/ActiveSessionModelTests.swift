import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Active Session screen")
@MainActor
struct ActiveSessionModelTests {
    func model(_ settings: UserSettings = UserSettings()) async throws -> (ActiveSessionModel, ServiceHarness, DeviceProcess) {
        let harness = try await ServiceHarness.prepared(settings)
        _ = try await harness.service.startSession()
        let app = DeviceProcess(harness, expecting: [.reminders, .nudge, .widgets, .watch, .sync, .screens], wristExpecting: [.reminders, .widgets])
        let model = ActiveSessionModel(actions: app.runtime)
        await model.appeared()
        return (model, harness, app)
    }

    /// A catalog size picked in "+ Drink", its estimate stepped down by hand as many times as given.
    func pick(_ model: ActiveSessionModel, _ id: String, estimateStepsDown: Int = 0) async throws {
        let size = try #require(DrinkCatalog.size(id: id))
        let picker = try #require(model.drinkPicker())
        picker.typeChosen(size.drinkType)
        picker.sizeChosen(size)
        for _ in 0..<estimateStepsDown { picker.measures.estimateStepped(up: false) }
        await model.drinkPicked(picker)
    }

    @Test("+ Water logs in one tap, offers undo for five seconds, and every surface follows")
    func water() async throws {
        let (model, harness, app) = try await model()
        await model.waterButtonTapped()
        #expect(model.waterCount == 1)
        #expect(model.gauge.valueText == "-1")
        #expect(model.undo.offer?.message == "Logged water")
        #expect(app.widgets.reloads == 1)
        #expect(try await app.watchSees().active?.state.totalWaterCount == 1)
        harness.clock.advance(minutes: 6.0 / 60)
        model.undo.expired()
        #expect(model.undo.offer == nil)
    }

    @Test("undo within five seconds removes the log")
    func undo() async throws {
        let (model, harness, _) = try await model()
        let beer = try #require(model.presets.first)
        await model.presetChipTapped(beer)
        #expect(model.drinkCount == 1)
        harness.clock.advance(minutes: 3.0 / 60)
        await model.undoTapped()
        #expect(model.drinkCount == 0)
        #expect(model.timeline.isEmpty)
    }

    @Test("the gauge reads for VoiceOver and warns calmly at the threshold")
    func gauge() async throws {
        let (model, _, _) = try await model()
        model.drinkButtonTapped()
        #expect(model.isPickingDrink)
        try await pick(model, "liquor-double")
        try await pick(model, "wine-5oz", estimateStepsDown: 2)
        #expect(!model.isPickingDrink)
        #expect(model.gauge.accessibilityLabel == "Waterline 2.5, above center")
        #expect(model.gauge.warningText == "Drink water to return to center")
        #expect(model.waterDueText == "Water due now")
        #expect(model.nextReminderDate == Fixed.at(minutes: 20))
        #expect(model.title(for: try #require(model.timeline.first)) == "Wine · 5 oz · 0.5 std")
    }

    @Test("swipe to delete and edit recompute")
    func corrections() async throws {
        let (model, _, _) = try await model()
        await model.waterButtonTapped()
        try await pick(model, "beer-12oz")
        var drink = try #require(model.timeline.first)
        drink.alcoholMeta?.standardDrinkEstimate = 3
        await model.logEdited(drink)
        #expect(model.gauge.value == 2)
        await model.logSwipedToDelete(try #require(model.timeline.last))
        #expect(model.gauge.value == 3)
        #expect(model.waterCount == 0)
    }

    @Test("ending asks first, then ends (reminders gone) and hands over the summary")
    func end() async throws {
        let (model, _, app) = try await model()
        await model.waterButtonTapped()
        model.endSessionButtonTapped()
        #expect(model.isConfirmingEnd)
        await model.endSessionConfirmed()
        #expect(model.endedSession?.session.isActive == false)
        #expect(model.update == nil)
        #expect(app.notifications.pending.isEmpty)
    }

    @Test("a refusal shows a calm message and changes nothing")
    func refusal() async throws {
        let (model, _, _) = try await model()
        await model.endSessionConfirmed()
        await model.waterButtonTapped()
        #expect(model.errorMessage == "There is no active session. Start one first.")
        model.errorDismissed()
        #expect(model.errorMessage == nil)
    }
}
