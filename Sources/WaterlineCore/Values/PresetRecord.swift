import Foundation

/// A drink preset's own fields: everything but its owner. It is what travels to and from the
/// backend (the caller is the owner), and what a `DrinkPreset` holds beside its `userId`, so each
/// field is declared once.
public struct PresetRecord: OwnerFreeRecord {
    public var id: UUID
    public var name: String
    public var drinkType: DrinkType
    public var sizeOz: Double
    public var abv: Double?
    public var standardDrinkEstimate: Double
    /// Where the chip stands among the others, smallest first.
    public var sortOrder: Int
    public var updatedAt: Date
    public var deletedAt: Date?

    public init(
        id: UUID, name: String, drinkType: DrinkType, sizeOz: Double, abv: Double? = nil, standardDrinkEstimate: Double, sortOrder: Int = 0,
        updatedAt: Date, deletedAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.drinkType = drinkType
        self.sizeOz = sizeOz
        self.abv = abv
        self.standardDrinkEstimate = standardDrinkEstimate
        self.sortOrder = sortOrder
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }

    /// Throws when the name is empty or too long, or the drink values are impossible.
    public func validate() throws(ValidationError) {
        guard name.utf8.count <= Limits.presetNameBytes else {
            throw .unexpected(field: "name", reason: "at most \(Limits.presetNameBytes) bytes")
        }
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .missing(field: "name") }
        guard trimmed.count <= Limits.presetNameLength else {
            throw .unexpected(field: "name", reason: "at most \(Limits.presetNameLength) characters")
        }
        guard !trimmed.unicodeScalars.contains(where: DrinkPreset.refusedInName) else {
            throw .unexpected(field: "name", reason: "no control or text-direction characters")
        }
        try AlcoholMeta(drinkType: drinkType, sizeOz: sizeOz, abv: abv, standardDrinkEstimate: standardDrinkEstimate).validate()
    }
}
