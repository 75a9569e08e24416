import Foundation
import WaterlineCore

/// A drink preset as it travels to and from the backend; the owner is the caller.
public struct PresetRecord: Codable, Hashable, Sendable {
    public var id: UUID
    public var name: String
    public var drinkType: DrinkType
    public var sizeOz: Double
    public var abv: Double?
    public var standardDrinkEstimate: Double
    public var sortOrder: Int
    public var updatedAt: Date
    public var deletedAt: Date?

    public init(_ preset: DrinkPreset) {
        id = preset.id
        name = preset.name
        drinkType = preset.drinkType
        sizeOz = preset.sizeOz
        abv = preset.abv
        standardDrinkEstimate = preset.standardDrinkEstimate
        sortOrder = preset.sortOrder
        updatedAt = preset.updatedAt
        deletedAt = preset.deletedAt
    }

    /// The local preset this record describes, owned by `userId`.
    public func preset(userId: UUID) -> DrinkPreset {
        DrinkPreset(
            id: id, userId: userId, name: name, drinkType: drinkType, sizeOz: sizeOz, abv: abv,
            standardDrinkEstimate: standardDrinkEstimate, sortOrder: sortOrder, updatedAt: updatedAt, deletedAt: deletedAt
        )
    }
}
