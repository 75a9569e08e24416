import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineRuntime
@testable import WaterlineScreens
@testable import WaterlineStorage
import WaterlineTestSupport

/// The default presets read in the person's language while unedited, and the untouched glass
/// of water is 250 ml for someone who measures in millilitres.
@Suite("Default presets and glass in the person's language and units")
struct DefaultPresetNameTests {
    @Test("in Spanish the five defaults read as Spanish names while their records keep the English ones; a renamed one reads as renamed")
    func spanishNames() async throws {
        let harness = try await ServiceHarness.prepared()
        let presets = try await harness.service.presets()
        #expect(presets.map(\.name) == ["Beer", "Glass of Wine", "Shot", "Cocktail", "Double"], "the records are the same on every device")
        #expect(presets.map { $0.shownName(in: "es") } == ["Cerveza", "Copa de vino", "Chupito", "Cóctel", "Doble"])
        #expect(presets.map { $0.shownName(in: "en") } == ["Beer", "Glass of Wine", "Shot", "Cocktail", "Double"])

        var renamed = presets[0]
        renamed.name = "IPA"
        #expect(renamed.shownName(in: "es") == "IPA")
        // Another preset that happens to be called "Beer" is not a default: it reads as named.
        var other = presets[0]
        other.id = UUID()
        #expect(other.shownName(in: "es") == "Beer")
    }

    @Test("surfaces read the shown name: the Live Activity's quick drink, the editor (which keeps the stored name unless renamed)")
    @MainActor
    func surfaces() async throws {
        let (harness, snapshot) = try await ServiceHarness.sessionStarted()
        let presets = try await harness.service.presets()
        let beer = try #require(presets.first)
        let state = DeviceState(active: snapshot, settings: UserSettings(), presets: presets)
        #expect(state.activeGlance?.quickDrinkName == state.quickDrink?.shownName)

        let editor = PresetEditorModel(editing: beer, units: .oz)
        #expect(editor.name == beer.shownName)
        #expect(editor.editedPreset()?.name == "Beer", "left as shown, the stored name stays")
        editor.name = "Lager"
        #expect(editor.editedPreset()?.name == "Lager")
    }

    @Test("the untouched glass is 8 oz, or 250 ml in millilitres; a glass the person chose is theirs in either unit; Log Water pours it")
    func metricGlass() async throws {
        #expect(UserSettings().waterGlassOz == 8)
        var metric = UserSettings()
        metric.units = .ml
        let untouched = UserSettings().edited(to: metric, at: Fixed.start)
        #expect(abs(VolumeConversion.milliliters(fromOunces: untouched.waterGlassOz) - 250) < 0.001)
        var glass = untouched
        glass.defaultWaterAmountOz = 10
        let chosen = untouched.edited(to: glass, at: Fixed.start.addingTimeInterval(60))
        #expect(chosen.waterGlassOz == 10)

        let (harness, snapshot) = try await ServiceHarness.sessionStarted()
        var settings = try #require(try await harness.store.user()).settings
        settings.units = .ml
        _ = try await harness.service.perform(.updateSettings(settings))
        _ = try await harness.service.logWater(source: .phone)
        let water = try #require(try await harness.store.logs(sessionId: snapshot.session.id).last?.waterMeta?.amountOz)
        #expect(abs(VolumeConversion.milliliters(fromOunces: water) - 250) < 0.001)
    }
}
