#if canImport(SwiftData)
import Foundation
import SwiftData
import WaterlineCore
import WaterlineAPI
import WaterlineStorage

extension WaterlineSchemaV2 {
    /// A one-tap quick drink.
    @Model
    public final class PresetRow {
        @Attribute(.unique) public var id: UUID
        public var userId: UUID = UUID()
        public var name: String = ""
        public var drinkType: String = ""
        public var sizeOz: Double = 0
        public var abv: Double?
        public var standardDrinkEstimate: Double = 0
        public var sortOrder: Int = 0
        public var updatedAt: Date = Date.distantPast
        public var deletedAt: Date?
        public var user: UserRow?

        /// Every column but the id starts from its default and is written by `update(from:)`, so the
        /// two never list the columns twice.
        public init(_ value: DrinkPreset) {
            id = value.id
            update(from: value)
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
}
#endif
