/// One size the drink picker offers for a type, with the estimate it carries.
public struct DrinkSize: Codable, Hashable, Sendable, Identifiable {
    /// Stable key, e.g. "beer-12oz", for command lines and intents.
    public var id: String
    public var name: String
    public var drinkType: DrinkType
    public var sizeOz: Double
    public var abv: Double?
    public var standardDrinkEstimate: Double

    public init(id: String, name: String, drinkType: DrinkType, sizeOz: Double, abv: Double? = nil, standardDrinkEstimate: Double) {
        self.id = id
        self.name = name
        self.drinkType = drinkType
        self.sizeOz = sizeOz
        self.abv = abv
        self.standardDrinkEstimate = standardDrinkEstimate
    }

    /// The drink details for a log of this size; `estimate` is the person's override, if any.
    public func alcoholMeta(estimate: Double? = nil) -> AlcoholMeta {
        AlcoholMeta(drinkType: drinkType, sizeOz: sizeOz, abv: abv, standardDrinkEstimate: estimate ?? standardDrinkEstimate)
    }
}
