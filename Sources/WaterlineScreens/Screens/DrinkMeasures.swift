import Foundation
import Observation
import WaterlineCore

/// A drink's size, ABV and what it counts as, as the drink picker and the preset editor both edit
/// them (one form, `DrinkMeasuresSection` in the app): the size steps in the person's units, the
/// type's usual strengths are a tap, the ABV may stay unknown (a cocktail's often is) instead of
/// being 0 %, and the estimate follows size and ABV until the person sets it by hand
/// (`DrinkEstimate`).
@Observable
@MainActor
public final class DrinkMeasures {
    /// Size, ABV and the estimate that follows them until set by hand.
    public internal(set) var drink: DrinkEstimate
    /// The type whose usual strengths are offered.
    public internal(set) var drinkType: DrinkType
    /// The person's units: the size reads and steps in them (it is kept in ounces).
    public let units: Units

    init(drinkType: DrinkType, drink: DrinkEstimate, units: Units) {
        self.drinkType = drinkType
        self.drink = drink
        self.units = units
    }

    public var sizeOz: Double { drink.sizeOz }
    /// nil: not known.
    public var abv: Double? { drink.abv }
    public var estimate: Double { drink.estimate }
    /// Whether the estimate follows size and ABV: while the ABV is known and the estimate was not
    /// set by hand.
    public var estimateFollowsABV: Bool { drink.follows }

    // MARK: What the form shows

    /// "12 oz", in the person's units.
    public var sizeText: String { VolumeConversion.format(ounces: sizeOz, in: units) }

    /// "5 %", or nil while the ABV is not known.
    public var abvText: String? { abv.map(Self.percentText) }

    /// The type's usual strengths, offered at a tap (`DrinkCatalog.usualStrengths`).
    public var strengthChoices: [Double] { DrinkCatalog.usualStrengths(for: drinkType) }

    /// "Counts as 1.5 standard drinks".
    public var estimateText: String { StandardDrinkText.countsAs(estimate) }

    /// "7 %", "12.5 %" in the person's language.
    nonisolated public static func percentText(_ abv: Double) -> String {
        abv.formatted(.number.precision(.fractionLength(0...1)).locale(KitLanguage.locale)) + " %"
    }

    // MARK: What the person did

    public func sizeStepped(up: Bool) { drink.stepSize(up: up, units: units) }

    public func abvStepped(up: Bool) { drink.stepABV(up: up) }

    /// One of the usual strengths, at a tap ("it was a 7 % IPA").
    public func strengthChosen(_ abv: Double) { drink.setABV(abv) }

    /// "ABV not known": the estimate is the person's to set.
    public func abvCleared() { drink.clearABV() }

    /// The estimate stepped by hand: from now on it stays as set.
    public func estimateStepped(up: Bool) { drink.stepEstimate(up: up) }

    /// "Use the estimate from size and ABV": following again.
    public func estimateFromABVTapped() { drink.followAgain() }
}
