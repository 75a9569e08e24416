import AppIntents
import Foundation
import WaterlineCore
import WaterlineRuntime
import WaterlineSystem

/// A drink preset, as Siri and the Shortcuts app offer it.
struct PresetEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Drink Preset"
    static let defaultQuery = PresetQuery()

    var id: UUID
    var name: String
    var standardDrinks: Double

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(name)", subtitle: "\(WaterlineFormat.value(standardDrinks)) standard")
    }

    init(_ preset: DrinkPreset) {
        id = preset.id
        name = preset.shownName
        standardDrinks = preset.standardDrinkEstimate
    }
}

/// Finds presets in the shared store.
struct PresetQuery: EntityQuery {
    @MainActor
    func entities(for identifiers: [UUID]) async throws -> [PresetEntity] {
        try await IntentServices.presets().filter { identifiers.contains($0.id) }.map(PresetEntity.init)
    }

    @MainActor
    func suggestedEntities() async throws -> [PresetEntity] {
        try await IntentServices.presets().map(PresetEntity.init)
    }
}
