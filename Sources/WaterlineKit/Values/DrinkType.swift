/// The kind of alcoholic drink, as the person picks it.
public enum DrinkType: String, Codable, Hashable, Sendable, CaseIterable {
    case beer
    case wine
    case liquor
    case cocktail

    /// A short, capitalised name for lists and timelines.
    public var displayName: String {
        switch self {
        case .beer: "Beer"
        case .wine: "Wine"
        case .liquor: "Liquor"
        case .cocktail: "Cocktail"
        }
    }
}
