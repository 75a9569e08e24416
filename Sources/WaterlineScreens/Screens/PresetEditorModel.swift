import Foundation
import Observation
import WaterlineCore

/// The preset editor (new or edited): name, type, size, ABV and what the drink counts as. The ABV
/// may be left unknown (a cocktail's often is) instead of being saved as 0 %; while the person has
/// not set the estimate by hand, it follows size and ABV as they change.
@Observable
@MainActor
public final class PresetEditorModel {
    public var name: String
    public var drinkType: DrinkType
    /// Size, ABV and the estimate that follows them until set by hand.
    public private(set) var drink: DrinkEstimate

    private let original: DrinkPreset?
    private let units: Units

    public init(editing preset: DrinkPreset?, units: Units) {
        original = preset
        self.units = units
        name = preset?.shownName ?? ""
        drinkType = preset?.drinkType ?? .beer
        // A new preset starts from a 12 oz beer at 5 %, following; an existing one's estimate is
        // what the person kept: it follows only if it is the one size and ABV give.
        drink = preset.map { DrinkEstimate(kept: $0.sizeOz, abv: $0.abv, estimate: $0.standardDrinkEstimate) }
            ?? DrinkEstimate(sizeOz: 12, abv: 5, estimate: 1)
    }

    public var sizeOz: Double { drink.sizeOz }
    /// nil: not known.
    public var abv: Double? { drink.abv }
    public var estimate: Double { drink.estimate }
    /// Whether the estimate follows size and ABV (until the person sets it by hand).
    public var estimateFollowsABV: Bool { drink.follows }

    public var isNew: Bool { original == nil }

    /// "Size 12 oz", in the person's units.
    public var sizeText: String { VolumeConversion.format(ounces: sizeOz, in: units) }

    /// "5 %", or nil while the ABV is not known.
    public var abvText: String? {
        abv.map { $0.formatted(.number.precision(.fractionLength(0...1)).locale(KitLanguage.locale)) + " %" }
    }

    /// "Counts as 1.5 standard drinks".
    public var estimateText: String { StandardDrinkText.countsAs(estimate) }

    public var canSave: Bool {
        !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && Limits.chosenStandardDrinkEstimate.contains(estimate)
    }

    // MARK: What the person did

    public func sizeStepped(up: Bool) { drink.stepSize(up: up, units: units) }

    public func abvStepped(up: Bool) { drink.stepABV(up: up) }

    /// "ABV not known": the estimate is the person's to set.
    public func abvCleared() { drink.clearABV() }

    /// The estimate stepped by hand: from now on it stays as set.
    public func estimateStepped(up: Bool) { drink.stepEstimate(up: up) }

    /// "Use the estimate from size and ABV": following again.
    public func estimateFromABVTapped() { drink.followAgain() }

    /// The preset to save (through `SessionAction.addPreset` / `editPreset`).
    public func draft() -> PresetDraft {
        PresetDraft(name: name, drinkType: drinkType, sizeOz: sizeOz, abv: abv, estimate: estimate)
    }

    /// The edited preset, for `editPreset`; nil for a new one.
    public func editedPreset() -> DrinkPreset? {
        guard var edited = original else { return nil }
        // A default preset's name left as shown keeps the name it is stored under (the same on
        // every device); only a rename changes it.
        if name != edited.shownName { edited.name = name }
        edited.drinkType = drinkType
        edited.sizeOz = sizeOz
        edited.abv = abv
        edited.standardDrinkEstimate = estimate
        return edited
    }
}
