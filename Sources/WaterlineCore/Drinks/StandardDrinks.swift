/// US standard drinks (14 g of ethanol) from a volume and an ABV.
public enum StandardDrinks {
    public static let millilitersPerOunce = 29.5735
    public static let ethanolGramsPerMilliliter = 0.789
    public static let gramsPerStandardDrink = 14.0

    /// `oz × ABV × 29.5735 × 0.789 / 14`, rounded to hundredths so that 12 oz at 5 % is exactly 1.
    ///
    /// - Parameter abvPercent: alcohol by volume in percent (5 for 5 %).
    public static func estimate(sizeOz: Double, abvPercent: Double) throws(ValidationError) -> Double {
        try Limits.drinkSizeOz.check(sizeOz, field: "sizeOz")
        try Limits.abvPercent.check(abvPercent, field: "abv")
        let grams = sizeOz * millilitersPerOunce * (abvPercent / 100) * ethanolGramsPerMilliliter
        return (grams / gramsPerStandardDrink * 100).rounded() / 100
    }
}
