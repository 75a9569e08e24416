import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// The preset editor: an ABV that may stay unknown, and an estimate that follows size and ABV
/// until the person sets it by hand.
@Suite("The preset editor")
@MainActor
struct PresetEditorModelTests {
    @Test("a new preset's estimate follows size and ABV as they change, until it is set by hand; then a tap follows again")
    func follows() {
        let editor = PresetEditorModel(editing: nil, units: .oz)
        editor.name = "Pale Ale"
        #expect(editor.measures.estimate == 1 && editor.measures.estimateFollowsABV)
        editor.measures.sizeStepped(up: true)
        #expect(editor.measures.sizeOz > 12 && editor.measures.estimate > 1, "a bigger glass counts more without any button")
        for _ in 0..<4 { editor.measures.abvStepped(up: true) }
        let derived = (try? StandardDrinks.estimate(sizeOz: editor.measures.sizeOz, abvPercent: 7)) ?? 0
        #expect(abs(editor.measures.estimate - derived) < 0.01)
        editor.measures.estimateStepped(up: true)
        let chosen = editor.measures.estimate
        editor.measures.sizeStepped(up: true)
        #expect(editor.measures.estimate == chosen && !editor.measures.estimateFollowsABV, "set by hand, it stays")
        editor.measures.estimateFromABVTapped()
        #expect(editor.measures.estimateFollowsABV && editor.measures.estimate != chosen)
        #expect(editor.canSave)
    }

    @Test("a cocktail's unknown ABV stays unknown (not 0 %), and its estimate is the person's")
    func unknownABV() throws {
        let cocktail = try #require(DrinkCatalog.defaultPresets(userId: UUID()).first { $0.name == "Cocktail" })
        let editor = PresetEditorModel(editing: cocktail, units: .oz)
        #expect(editor.measures.abv == nil && editor.measures.abvText == nil && !editor.measures.estimateFollowsABV)
        editor.measures.sizeStepped(up: true)
        #expect(editor.measures.estimate == 1, "no ABV: nothing to follow")
        #expect(editor.editedPreset()?.abv == nil, "saved without inventing 0 %")
        #expect(editor.draft().abv == nil)
        editor.measures.abvStepped(up: true)
        #expect(editor.measures.abv == 0.5)
        editor.measures.abvCleared()
        #expect(editor.measures.abv == nil)
    }

    @Test("an edited preset whose estimate was set by hand keeps it; one that matched its ABV follows; 0 cannot be saved")
    func existing() throws {
        var beer = try #require(DrinkCatalog.defaultPresets(userId: UUID()).first { $0.name == "Beer" })
        #expect(PresetEditorModel(editing: beer, units: .ml).measures.estimateFollowsABV)
        beer.standardDrinkEstimate = 1.5
        let kept = PresetEditorModel(editing: beer, units: .ml)
        #expect(!kept.measures.estimateFollowsABV)
        kept.measures.sizeStepped(up: false)
        #expect(kept.measures.estimate == 1.5)
        let zero = PresetEditorModel(editing: nil, units: .oz)
        zero.name = "Alcohol-free"
        for _ in 0..<10 { zero.measures.abvStepped(up: false) }
        #expect(zero.measures.abv == 0 && zero.measures.estimate == 0 && !zero.canSave, "a drink that counts nothing is not a drink here")
    }

    @Test("a preset saved from the editor keeps an unknown ABV through the service")
    func savedThroughTheService() async throws {
        let harness = try await ServiceHarness.prepared()
        let runtime = DeviceProcess(harness, expecting: [.widgets, .watch, .sync, .screens]).runtime
        let editor = PresetEditorModel(editing: nil, units: .oz)
        editor.name = "House Punch"
        editor.measures.abvCleared()
        editor.measures.estimateStepped(up: true)
        try await runtime.send(.addPreset(editor.draft()))
        let punch = try #require(try await harness.service.presets().first { $0.name == "House Punch" })
        #expect(punch.abv == nil && punch.standardDrinkEstimate == 1.25)
    }

    @Test("the editor offers its type's usual strengths, as the drink picker does; a tap sets the ABV and the estimate follows")
    func usualStrengths() throws {
        let editor = PresetEditorModel(editing: nil, units: .oz)
        #expect(editor.measures.strengthChoices == DrinkCatalog.usualStrengths(for: .beer))
        editor.drinkType = .wine
        #expect(editor.measures.strengthChoices == DrinkCatalog.usualStrengths(for: .wine))
        let strength = try #require(editor.measures.strengthChoices.last)
        editor.measures.strengthChosen(strength)
        #expect(editor.measures.abv == strength)
        #expect(editor.measures.estimateFollowsABV)
        #expect(editor.measures.estimate == (try StandardDrinks.estimate(sizeOz: 12, abvPercent: strength)), "12 oz at the chosen strength")
        #expect(editor.draft().drinkType == .wine && editor.draft().abv == strength)
    }
}
