import Foundation

/// What was drunk: type, size, optional ABV and the standard-drink weight it adds to the Waterline.
public struct AlcoholMeta: Codable, Hashable, Sendable {
    public var drinkType: DrinkType
    public var sizeOz: Double
    /// Alcohol by volume in percent (5 means 5 %), when the person gave one.
    public var abv: Double?
    public var standardDrinkEstimate: Double
    public var presetId: UUID?

    public init(
        drinkType: DrinkType,
        sizeOz: Double,
        abv: Double? = nil,
        standardDrinkEstimate: Double,
        presetId: UUID? = nil
    ) {
        self.drinkType = drinkType
        self.sizeOz = sizeOz
        self.abv = abv
        self.standardDrinkEstimate = standardDrinkEstimate
        self.presetId = presetId
    }

    /// One US standard drink (a 12 oz beer at 5 %), used when "+ Drink" has no preset to go by.
    public static let standardDrink = AlcoholMeta(drinkType: .beer, sizeOz: 12, abv: 5, standardDrinkEstimate: 1)

    /// Throws when a size, ABV or estimate is outside what a real drink can be.
    public func validate() throws(ValidationError) {
        try Limits.drinkSizeOz.check(sizeOz, field: "sizeOz")
        if let abv { try Limits.abvPercent.check(abv, field: "abv") }
        try Limits.standardDrinkEstimate.check(standardDrinkEstimate, field: "standardDrinkEstimate")
    }
}
