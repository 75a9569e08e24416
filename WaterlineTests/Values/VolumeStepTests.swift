import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Volumes in the person's units")
struct VolumeStepTests {
    func ml(_ ounces: Double) -> Double { (VolumeConversion.milliliters(fromOunces: ounces) * 1000).rounded() / 1000 }

    @Test("in millilitres the water stepper lands on round amounts, from off the grid too")
    func waterInMl() {
        // 8 oz is 236.6 ml: one step up is 250 ml, one step down 225 ml.
        let up = VolumeStep.water.next(from: 8, up: true, units: .ml)
        #expect(ml(up) == 250)
        #expect(ml(VolumeStep.water.next(from: 8, up: false, units: .ml)) == 225)
        #expect(ml(VolumeStep.water.next(from: up, up: true, units: .ml)) == 275)
        #expect(ml(VolumeStep.water.next(from: up, up: false, units: .ml)) == 225)
        #expect(VolumeConversion.format(ounces: up, in: .ml) == "250 ml")
        // Bounded: never 0, never past 64 oz (1,875 ml is the last round step).
        #expect(ml(VolumeStep.water.next(from: VolumeConversion.ounces(fromMilliliters: 25), up: false, units: .ml)) == 25)
        #expect(ml(VolumeStep.water.next(from: 64, up: true, units: .ml)) == 1875)
        let settings = UserSettings(defaultWaterAmountOz: up)
        #expect(throws: Never.self) { try settings.validate() }
    }

    @Test("in ounces water moves by whole ounces and drink sizes by halves")
    func ounces() {
        #expect(VolumeStep.water.next(from: 8, up: true, units: .oz) == 9)
        #expect(VolumeStep.water.next(from: 1, up: false, units: .oz) == 1)
        #expect(VolumeStep.water.next(from: 64, up: true, units: .oz) == 64)
        #expect(VolumeStep.drinkSize.next(from: 12, up: false, units: .oz) == 11.5)
        #expect(ml(VolumeStep.drinkSize.next(from: 12, up: true, units: .ml)) == 360, "12 oz is 354.9 ml: up to 360")
    }

    @Test("the drink picker's sizes read in ml when the person chose ml, in their language")
    func sizeTitles() throws {
        let pint = try #require(DrinkCatalog.size(id: "beer-pint"))
        #expect(pint.title(in: .oz) == "Pint (20 oz)")
        #expect(pint.title(in: .ml) == "Pint (591 ml)")
        #expect(try #require(DrinkCatalog.size(id: "beer-12oz")).title(in: .ml) == "355 ml")
        #expect(try #require(DrinkCatalog.size(id: "cocktail-strong")).title(in: .ml) == "Strong")
        #expect(KitText.string(KitStrings.sizePint, .text("591 ml"), language: "es") == "Pinta (591 ml)")
        // The English titles in ounces are the catalog's names.
        for size in DrinkCatalog.sizes { #expect(size.title(in: .oz) == size.name) }
    }

    @Test("Settings: the untouched glass reads 250 ml in millilitres, steps from there, and is kept so")
    @MainActor
    func settingsStepper() async throws {
        let harness = try await ServiceHarness.prepared(UserSettings(units: .ml))
        let app = DeviceProcess(harness, expecting: [.reminders, .widgets, .watch, .sync, .screens])
        let model = SettingsModel(actions: app.runtime, account: nil, permissions: DeviceProcess(harness).runtime, preferences: MemoryPreferences())
        await model.appeared()
        #expect(model.defaultWaterText == "Water: 250 ml", "not the 237 ml that 8 oz reads as")
        await model.defaultWaterStepped(up: true)
        #expect(model.defaultWaterText == "Water: 275 ml")
        #expect(model.errorMessage == nil)
        let stored = try await harness.service.settings().defaultWaterAmountOz
        #expect(VolumeConversion.format(ounces: stored, in: .ml) == "275 ml")
        _ = try await harness.service.startSession()
        let logged = try await harness.service.quickLog(.water, source: .phone)
        #expect(logged.changedLog?.waterMeta?.amountOz == stored, "a quick water uses it")
    }
}
