/// How a volume stepper moves in the person's units: whole ounces or round millilitres.
///
/// The value is always kept in ounces (the records' unit); in millilitres a step lands on the
/// next round amount (250 ml, 275 ml…), so the field never shows 237 ml after one tap.
public enum VolumeStep: Sendable {
    /// A glass of water: 1 oz or 25 ml.
    case water
    /// A drink's size: 0.5 oz or 10 ml.
    case drinkSize

    public func size(in units: Units) -> Double {
        switch (self, units) {
        case (.water, .oz): 1
        case (.water, .ml): 25
        case (.drinkSize, .oz): 0.5
        case (.drinkSize, .ml): 10
        }
    }

    /// The amount one step up or down from `ounces`, in ounces, kept within (0, 64 oz].
    public func next(from ounces: Double, up: Bool, units: Units) -> Double {
        let step = size(in: units)
        let shown = units == .oz ? ounces : VolumeConversion.milliliters(fromOunces: ounces)
        let steps = shown / step
        let snapped: Double
        if abs(steps - steps.rounded()) < 1e-6 {
            snapped = (steps.rounded() + (up ? 1 : -1)) * step
        } else {
            // Off the grid (8 oz is 236.6 ml): the first step lands on it.
            snapped = (up ? steps.rounded(.up) : steps.rounded(.down)) * step
        }
        let most = units == .oz ? Limits.waterAmountOz.upper : VolumeConversion.milliliters(fromOunces: Limits.waterAmountOz.upper)
        let ceiling = (most / step + 1e-6).rounded(.down) * step
        let bounded = min(max(snapped, step), ceiling)
        return units == .oz ? bounded : VolumeConversion.ounces(fromMilliliters: bounded)
    }
}
