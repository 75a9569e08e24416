#if canImport(SwiftData)
import Foundation
import SwiftData
import WaterlineCore
import WaterlineAPI
import WaterlineStorage

extension WaterlineSchemaV2 {
    /// One drink or glass of water, its details flattened into columns.
    @Model
    public final class LogEntryRow {
        @Attribute(.unique) public var id: UUID
        public var sessionId: UUID = UUID()
        public var timestamp: Date = Date.distantPast
        public var type: String = ""
        public var drinkType: String?
        public var sizeOz: Double?
        public var abv: Double?
        public var standardDrinkEstimate: Double?
        public var presetId: UUID?
        public var waterAmountOz: Double?
        public var source: String = ""
        public var updatedAt: Date = Date.distantPast
        public var deletedAt: Date?
        public var session: SessionRow?

        /// Every column but the id starts from its default and is written by `update(from:)`, so the
        /// two never list the columns twice.
        public init(_ value: LogEntry) {
            id = value.id
            update(from: value)
        }

        public func update(from value: LogEntry) {
            sessionId = value.sessionId
            timestamp = value.timestamp
            type = value.type.rawValue
            drinkType = value.alcoholMeta?.drinkType.rawValue
            sizeOz = value.alcoholMeta?.sizeOz
            abv = value.alcoholMeta?.abv
            standardDrinkEstimate = value.alcoholMeta?.standardDrinkEstimate
            presetId = value.alcoholMeta?.presetId
            waterAmountOz = value.waterMeta?.amountOz
            source = value.source.rawValue
            updatedAt = value.updatedAt
            deletedAt = value.deletedAt
        }

        public var value: LogEntry {
            let alcohol = drinkType.flatMap(DrinkType.init(rawValue:)).map { drinkType in
                AlcoholMeta(
                    drinkType: drinkType, sizeOz: sizeOz ?? 0, abv: abv,
                    standardDrinkEstimate: standardDrinkEstimate ?? AlcoholMeta.standardDrink.standardDrinkEstimate, presetId: presetId
                )
            }
            return LogEntry(
                id: id, sessionId: sessionId, timestamp: timestamp, type: LogType(rawValue: type) ?? .water,
                alcoholMeta: alcohol, waterMeta: waterAmountOz.map(WaterMeta.init(amountOz:)),
                source: LogSource(rawValue: source) ?? .phone, updatedAt: updatedAt, deletedAt: deletedAt
            )
        }
    }
}
#endif
