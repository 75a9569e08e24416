import Foundation

/// A drink's size, ABV and standard-drink estimate as the person adjusts them, in the preset
/// editor and in the drink picker alike: while the ABV is known and the estimate was not set by
/// hand, the estimate follows size and ABV (`StandardDrinks`, to the hundredth); stepped by hand,
/// it stays as set until the person asks to follow again.
public struct DrinkEstimate: Hashable, Sendable {
    public private(set) var sizeOz: Double
    /// nil: not known (a cocktail's often is), never saved as 0 %.
    public private(set) var abv: Double?
    public private(set) var estimate: Double
    public private(set) var isSetByHand: Bool

    public init(sizeOz: Double, abv: Double?, estimate: Double, isSetByHand: Bool = false) {
        self.sizeOz = sizeOz
        self.abv = abv
        self.estimate = estimate
        self.isSetByHand = isSetByHand
    }

    /// A kept drink's values: its estimate follows only when it is the one size and ABV give.
    public init(kept sizeOz: Double, abv: Double?, estimate: Double) {
        let derived = abv.flatMap { try? StandardDrinks.estimate(sizeOz: sizeOz, abvPercent: $0) }
        self.init(sizeOz: sizeOz, abv: abv, estimate: estimate, isSetByHand: derived.map { abs($0 - estimate) >= 0.005 } ?? true)
    }

    /// Whether the estimate follows size and ABV.
    public var follows: Bool { abv != nil && !isSetByHand }

    public mutating func stepSize(up: Bool, units: Units) {
        sizeOz = VolumeStep.drinkSize.next(from: sizeOz, up: up, units: units)
        follow()
    }

    /// Half a percent up or down, from 0 when it was not known.
    public mutating func stepABV(up: Bool) {
        abv = min(max((abv ?? 0) + (up ? 0.5 : -0.5), 0), 100)
        follow()
    }

    /// A strength chosen at a tap ("7 %"): the estimate follows it unless it was set by hand.
    public mutating func setABV(_ percent: Double) {
        abv = min(max(percent, 0), 100)
        follow()
    }

    /// A quarter of a standard drink up or down, by hand: from now on it stays as set.
    public mutating func stepEstimate(up: Bool) {
        estimate = min(max(estimate + (up ? 0.25 : -0.25), 0.25), Limits.standardDrinkEstimate.upper)
        isSetByHand = true
    }

    /// "ABV not known": the estimate is the person's to set.
    public mutating func clearABV() {
        abv = nil
        isSetByHand = true
    }

    /// "Use the estimate from size and ABV": following again (nothing while the ABV is unknown).
    public mutating func followAgain() {
        guard abv != nil else { return }
        isSetByHand = false
        follow()
    }

    private mutating func follow() {
        guard follows, let abv, let derived = try? StandardDrinks.estimate(sizeOz: sizeOz, abvPercent: abv) else { return }
        estimate = (derived * 100).rounded() / 100
    }
}
