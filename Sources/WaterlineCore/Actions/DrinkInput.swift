import Foundation

/// How the person described the drink they are logging.
public enum DrinkInput: Hashable, Sendable {
    /// One of their presets, by id.
    case preset(UUID)
    /// A catalog size, with the estimate they edited if they did.
    case size(DrinkSize, estimate: Double?)
    /// Everything given by hand.
    case custom(AlcoholMeta)
    /// "+ Drink" with nothing chosen: their first preset, or one standard drink.
    case quick
}
