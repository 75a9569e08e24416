#if canImport(SwiftData)
import Foundation
import SwiftData
import WaterlineCore
import WaterlineAPI
import WaterlineStorage

/// A one-tap quick drink.
@Model
public final class PresetRow {
    @Attribute(.unique) public var id: UUID
    public var userId: UUID
    public var name: String
    public var drinkType: String
    public var sizeOz: Double
    public var abv: Double?
    public var standardDrinkEstimate: Double
    public var sortOrder: Int
    public var updatedAt: Date
    public var deletedAt: Date?
    public var user: UserRow?

    public init(_ value: DrinkPreset) {
        id = value.id
        userId = value.userId
        name = value.name
        drinkType = value.drinkType.rawValue
        sizeOz = value.sizeOz
        abv = value.abv
        standardDrinkEstimate = value.standardDrinkEstimate
        sortOrder = value.sortOrder
        updatedAt = value.updatedAt
        deletedAt = value.deletedAt
    }

    public func update(from value: DrinkPreset) {
        userId = value.userId
        name = value.name
        drinkType = value.drinkType.rawValue
        sizeOz = value.sizeOz
        abv = value.abv
        standardDrinkEstimate = value.standardDrinkEstimate
        sortOrder = value.sortOrder
        updatedAt = value.updatedAt
        deletedAt = value.deletedAt
    }

    public var value: DrinkPreset {
        DrinkPreset(
            id: id, userId: userId, name: name, drinkType: DrinkType(rawValue: drinkType) ?? .beer, sizeOz: sizeOz, abv: abv,
            standardDrinkEstimate: standardDrinkEstimate, sortOrder: sortOrder, updatedAt: updatedAt, deletedAt: deletedAt
        )
    }
}
#endif
