import Foundation

/// A preset the person is adding: without an estimate it is worked out from size and ABV.
public struct PresetDraft: Hashable, Sendable {
    public var name: String
    public var drinkType: DrinkType
    public var sizeOz: Double
    public var abv: Double?
    public var estimate: Double?

    public init(name: String, drinkType: DrinkType, sizeOz: Double, abv: Double? = nil, estimate: Double? = nil) {
        self.name = name
        self.drinkType = drinkType
        self.sizeOz = sizeOz
        self.abv = abv
        self.estimate = estimate
    }
}
