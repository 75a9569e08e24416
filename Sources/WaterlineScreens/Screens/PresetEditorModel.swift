import Foundation
import Observation
import WaterlineCore

/// The preset editor (new or edited): name and type, then size, ABV and what the drink counts as in
/// the form the drink picker has too (`DrinkMeasures`).
@Observable
@MainActor
public final class PresetEditorModel {
    public var name: String
    /// Its type; the usual strengths offered follow it.
    public var drinkType: DrinkType {
        get { measures.drinkType }
        set { measures.drinkType = newValue }
    }
    /// Size, ABV and what it counts as: the form it shares with the drink picker.
    public let measures: DrinkMeasures

    private let original: DrinkPreset?

    public init(editing preset: DrinkPreset?, units: Units) {
        original = preset
        name = preset?.shownName ?? ""
        // A new preset starts from a 12 oz beer at 5 %, following; an existing one's estimate is
        // what the person kept: it follows only if it is the one size and ABV give.
        let drink = preset.map { DrinkEstimate(kept: $0.sizeOz, abv: $0.abv, estimate: $0.standardDrinkEstimate) }
            ?? DrinkEstimate(sizeOz: 12, abv: 5, estimate: 1)
        measures = DrinkMeasures(drinkType: preset?.drinkType ?? .beer, drink: drink, units: units)
    }

    public var isNew: Bool { original == nil }

    public var canSave: Bool {
        !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && Limits.chosenStandardDrinkEstimate.contains(measures.estimate)
    }

    /// The preset to save (through `SessionAction.addPreset` / `editPreset`).
    public func draft() -> PresetDraft {
        PresetDraft(name: name, drinkType: drinkType, sizeOz: measures.sizeOz, abv: measures.abv, estimate: measures.estimate)
    }

    /// The edited preset, for `editPreset`; nil for a new one.
    public func editedPreset() -> DrinkPreset? {
        guard var edited = original else { return nil }
        // A default preset's name left as shown keeps the name it is stored under (the same on
        // every device); only a rename changes it.
        if name != edited.shownName { edited.name = name }
        edited.drinkType = drinkType
        edited.sizeOz = measures.sizeOz
        edited.abv = measures.abv
        edited.standardDrinkEstimate = measures.estimate
        return edited
    }
}
