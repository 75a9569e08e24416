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
    public private(set) var sizeOz: Double
    /// nil: not known.
    public private(set) var abv: Double?
    public private(set) var estimate: Double
    /// Whether the estimate follows size and ABV (until the person sets it by hand).
    public private(set) var estimateFollowsABV: Bool

    private let original: DrinkPreset?
    private let units: Units

    public init(editing preset: DrinkPreset?, units: Units) {
        original = preset
        self.units = units
        name = preset?.shownName ?? ""
        drinkType = preset?.drinkType ?? .beer
        sizeOz = preset?.sizeOz ?? 12
        abv = preset == nil ? 5 : preset?.abv
        estimate = preset?.standardDrinkEstimate ?? 1
        // An existing preset's estimate is what the person kept: it follows only if it is the one
        // size and ABV give.
        if let preset, let abv = preset.abv {
            estimateFollowsABV = (try? StandardDrinks.estimate(sizeOz: preset.sizeOz, abvPercent: abv))
                .map { abs($0 - preset.standardDrinkEstimate) < 0.005 } ?? false
        } else {
            estimateFollowsABV = preset == nil
        }
    }

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

    public func sizeStepped(up: Bool) {
        sizeOz = VolumeStep.drinkSize.next(from: sizeOz, up: up, units: units)
        follow()
    }

    public func abvStepped(up: Bool) {
        let current = abv ?? 0
        abv = min(max(current + (up ? 0.5 : -0.5), 0), 100)
        follow()
    }

    /// "ABV not known": the estimate is the person's to set.
    public func abvCleared() {
        abv = nil
        estimateFollowsABV = false
    }

    /// The estimate stepped by hand: from now on it stays as set.
    public func estimateStepped(up: Bool) {
        estimate = min(max(estimate + (up ? 0.25 : -0.25), 0.25), Limits.standardDrinkEstimate.upper)
        estimateFollowsABV = false
    }

    /// "Use the estimate from size and ABV": following again.
    public func estimateFromABVTapped() {
        guard abv != nil else { return }
        estimateFollowsABV = true
        follow()
    }

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

    private func follow() {
        guard estimateFollowsABV, let abv, let derived = try? StandardDrinks.estimate(sizeOz: sizeOz, abvPercent: abv) else { return }
        estimate = (derived * 100).rounded() / 100
    }
}
