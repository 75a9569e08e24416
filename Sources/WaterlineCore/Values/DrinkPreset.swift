import Foundation

/// A drink the person logs often, shown as a one-tap chip.
///
/// Its owner and its `record` (`OwnedRecord`): each field is declared once, in `PresetRecord`.
public struct DrinkPreset: OwnedRecord {
    public var userId: UUID
    public var record: PresetRecord

    public init(userId: UUID, record: PresetRecord) {
        self.userId = userId
        self.record = record
    }

    public init(
        id: UUID,
        userId: UUID,
        name: String,
        drinkType: DrinkType,
        sizeOz: Double,
        abv: Double? = nil,
        standardDrinkEstimate: Double,
        sortOrder: Int = 0,
        updatedAt: Date,
        deletedAt: Date? = nil
    ) {
        self.init(
            userId: userId,
            record: PresetRecord(
                id: id, name: name, drinkType: drinkType, sizeOz: sizeOz, abv: abv, standardDrinkEstimate: standardDrinkEstimate,
                sortOrder: sortOrder, updatedAt: updatedAt, deletedAt: deletedAt
            )
        )
    }

    /// The drink details a log made from this preset carries.
    public var alcoholMeta: AlcoholMeta {
        AlcoholMeta(drinkType: record.drinkType, sizeOz: record.sizeOz, abv: record.abv, standardDrinkEstimate: record.standardDrinkEstimate, presetId: id)
    }
}

extension DrinkPreset {
    /// Characters a preset's name may not hold: controls (NUL, line breaks: C0, DEL, C1) and the
    /// text-direction overrides and isolates (U+202A–U+202E, U+2066–U+2069), which would hide or
    /// reorder what is drawn beside the name on every device. The same set in `convex/presets.ts`.
    public static func refusedInName(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// What "+ Drink" logs where there is no room to choose (widgets, the Live Activity, Siri):
    /// the first of the live `presets` in their order, which the person picks in Settings.
    public static func quickDrink(among presets: [DrinkPreset]) -> DrinkPreset? {
        presets.first
    }
}
