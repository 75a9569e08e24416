import Foundation

/// The sizes the drink picker offers per type, and the presets a new person starts with.
public enum DrinkCatalog {
    /// Every size, in picker order. Typical ABVs; estimates are rounded to a readable value.
    public static let sizes: [DrinkSize] = [
        DrinkSize(id: "beer-12oz", name: "12 oz", drinkType: .beer, sizeOz: 12, abv: 5, standardDrinkEstimate: 1),
        DrinkSize(id: "beer-16oz", name: "16 oz", drinkType: .beer, sizeOz: 16, abv: 5, standardDrinkEstimate: 1.33),
        // An imperial pint; a US pint is the 16 oz size above.
        DrinkSize(id: "beer-pint", name: "Pint (20 oz)", drinkType: .beer, sizeOz: 20, abv: 5, standardDrinkEstimate: 1.67),
        DrinkSize(id: "wine-5oz", name: "Glass (5 oz)", drinkType: .wine, sizeOz: 5, abv: 12, standardDrinkEstimate: 1),
        DrinkSize(id: "wine-large", name: "Large glass (8 oz)", drinkType: .wine, sizeOz: 8, abv: 12, standardDrinkEstimate: 1.6),
        DrinkSize(id: "liquor-shot", name: "Shot (1.5 oz)", drinkType: .liquor, sizeOz: 1.5, abv: 40, standardDrinkEstimate: 1),
        DrinkSize(id: "liquor-double", name: "Double (3 oz)", drinkType: .liquor, sizeOz: 3, abv: 40, standardDrinkEstimate: 2),
        DrinkSize(id: "cocktail-standard", name: "Standard", drinkType: .cocktail, sizeOz: 4, standardDrinkEstimate: 1),
        DrinkSize(id: "cocktail-strong", name: "Strong", drinkType: .cocktail, sizeOz: 6, standardDrinkEstimate: 2),
    ]

    /// The sizes offered for one type, in picker order.
    public static func sizes(for type: DrinkType) -> [DrinkSize] {
        sizes.filter { $0.drinkType == type }
    }

    /// The strengths a drink of `type` usually has, in ABV %, offered at a tap in the drink
    /// picker so that "it was a 7 % IPA" is one tap, not four half-percent steps. Each size's
    /// catalog ABV is among its type's (a cocktail's is not known).
    public static func usualStrengths(for type: DrinkType) -> [Double] {
        switch type {
        case .beer: [4, 5, 6, 7, 8]
        case .wine: [11, 12, 13, 14]
        case .liquor: [35, 40, 45, 50]
        case .cocktail: [10, 15, 20, 25]
        }
    }

    /// The size with this key, e.g. "liquor-double".
    public static func size(id: String) -> DrinkSize? {
        sizes.first { $0.id == id }
    }

    /// The stamp of the default presets: 2000-01-01, the earliest time the backend accepts.
    public static let defaultPresetStamp = Date(timeIntervalSince1970: Limits.timestamp.lower)

    /// The default presets' names: as stored (English, the same on every device) and as shown
    /// in the person's language while the person has not renamed them.
    static let defaultPresetNames: [(stored: String, shown: KitString)] = [
        ("Beer", KitStrings.presetDefaultBeer), ("Glass of Wine", KitStrings.presetDefaultWine), ("Shot", KitStrings.presetDefaultShot),
        ("Cocktail", KitStrings.presetDefaultCocktail), ("Double", KitStrings.presetDefaultDouble),
    ]

    /// The fixed id of default preset `index`.
    static func defaultPresetID(_ index: Int) -> UUID {
        StableID.uuid(for: "waterline default preset \(index)")
    }

    /// How `preset` is named on every surface: a default preset still bearing its stored name
    /// reads in the person's language ("Cerveza"); any other, or one the person renamed, as named.
    public static func shownName(of preset: DrinkPreset, language: String? = nil) -> String {
        guard let index = defaultPresetNames.indices.first(where: { defaultPresetID($0) == preset.id }),
              preset.name == defaultPresetNames[index].stored
        else { return preset.name }
        return KitText.string(defaultPresetNames[index].shown, language: language)
    }

    /// The five presets of US-016, owned by `userId`.
    ///
    /// They are the same records on every device: fixed ids and the earliest stamp the backend
    /// takes (`defaultPresetStamp`), so two devices that each start with them sync to five, not
    /// ten, and any edit or delete the person made anywhere wins over them.
    public static func defaultPresets(userId: UUID) -> [DrinkPreset] {
        // Named in English on every device: the same record everywhere must carry the same name, or
        // two devices in different languages would keep different names for it (a tie keeps what
        // is stored). The person renames them freely.
        let templates: [(String, DrinkType, Double, Double?, Double)] = [
            (defaultPresetNames[0].stored, .beer, 12, 5, 1),
            (defaultPresetNames[1].stored, .wine, 5, 12, 1),
            (defaultPresetNames[2].stored, .liquor, 1.5, 40, 1),
            (defaultPresetNames[3].stored, .cocktail, 4, nil, 1),
            (defaultPresetNames[4].stored, .liquor, 3, 40, 2),
        ]
        return templates.enumerated().map { index, template in
            DrinkPreset(
                id: defaultPresetID(index), userId: userId, name: template.0,
                drinkType: template.1, sizeOz: template.2, abv: template.3, standardDrinkEstimate: template.4, sortOrder: index,
                updatedAt: defaultPresetStamp
            )
        }
    }
}
