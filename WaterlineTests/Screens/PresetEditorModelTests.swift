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
        #expect(editor.estimate == 1 && editor.estimateFollowsABV)
        editor.sizeStepped(up: true)
        #expect(editor.sizeOz > 12 && editor.estimate > 1, "a bigger glass counts more without any button")
        for _ in 0..<4 { editor.abvStepped(up: true) }
        let derived = (try? StandardDrinks.estimate(sizeOz: editor.sizeOz, abvPercent: 7)) ?? 0
        #expect(abs(editor.estimate - derived) < 0.01)
        editor.estimateStepped(up: true)
        let chosen = editor.estimate
        editor.sizeStepped(up: true)
        #expect(editor.estimate == chosen && !editor.estimateFollowsABV, "set by hand, it stays")
        editor.estimateFromABVTapped()
        #expect(editor.estimateFollowsABV && editor.estimate != chosen)
        #expect(editor.canSave)
    }

    @Test("a cocktail's unknown ABV stays unknown (not 0 %), and its estimate is the person's")
    func unknownABV() throws {
        let cocktail = try #require(DrinkCatalog.defaultPresets(userId: UUID()).first { $0.name == "Cocktail" })
        let editor = PresetEditorModel(editing: cocktail, units: .oz)
        #expect(editor.abv == nil && editor.abvText == nil && !editor.estimateFollowsABV)
        editor.sizeStepped(up: true)
        #expect(editor.estimate == 1, "no ABV: nothing to follow")
        #expect(editor.editedPreset()?.abv == nil, "saved without inventing 0 %")
        #expect(editor.draft().abv == nil)
        editor.abvStepped(up: true)
        #expect(editor.abv == 0.5)
        editor.abvCleared()
        #expect(editor.abv == nil)
    }

    @Test("an edited preset whose estimate was set by hand keeps it; one that matched its ABV follows; 0 cannot be saved")
    func existing() throws {
        var beer = try #require(DrinkCatalog.defaultPresets(userId: UUID()).first { $0.name == "Beer" })
        #expect(PresetEditorModel(editing: beer, units: .ml).estimateFollowsABV)
        beer.standardDrinkEstimate = 1.5
        let kept = PresetEditorModel(editing: beer, units: .ml)
        #expect(!kept.estimateFollowsABV)
        kept.sizeStepped(up: false)
        #expect(kept.estimate == 1.5)
        let zero = PresetEditorModel(editing: nil, units: .oz)
        zero.name = "Alcohol-free"
        for _ in 0..<10 { zero.abvStepped(up: false) }
        #expect(zero.abv == 0 && zero.estimate == 0 && !zero.canSave, "a drink that counts nothing is not a drink here")
    }

    @Test("a preset saved from the editor keeps an unknown ABV through the service")
    func savedThroughTheService() async throws {
        let harness = try await ServiceHarness.prepared()
        let runtime = DeviceProcess(harness).runtime
        let editor = PresetEditorModel(editing: nil, units: .oz)
        editor.name = "House Punch"
        editor.abvCleared()
        editor.estimateStepped(up: true)
        try await runtime.send(.addPreset(editor.draft()))
        let punch = try #require(try await harness.service.presets().first { $0.name == "House Punch" })
        #expect(punch.abv == nil && punch.standardDrinkEstimate == 1.25)
    }
}
