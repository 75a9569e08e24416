/// The kind of alcoholic drink, as the person picks it.
public enum DrinkType: String, Codable, Hashable, Sendable, CaseIterable {
    case beer
    case wine
    case liquor
    case cocktail

    /// A short, capitalised name for lists and timelines.
    public var displayName: String {
        switch self {
        case .beer: KitText.string(KitStrings.beer)
        case .wine: KitText.string(KitStrings.wine)
        case .liquor: KitText.string(KitStrings.liquor)
        case .cocktail: KitText.string(KitStrings.cocktail)
        }
    }
}
