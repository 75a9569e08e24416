import Foundation

/// Converts between the stored ounces and the person's display unit.
public enum VolumeConversion {
    public static func milliliters(fromOunces ounces: Double) -> Double {
        ounces * StandardDrinks.millilitersPerOunce
    }

    public static func ounces(fromMilliliters milliliters: Double) -> Double {
        milliliters / StandardDrinks.millilitersPerOunce
    }

    /// The amount in `units`, rounded for reading: whole ml, or ounces to one decimal.
    public static func displayAmount(ounces: Double, in units: Units) -> Double {
        switch units {
        case .oz: (ounces * 10).rounded() / 10
        case .ml: milliliters(fromOunces: ounces).rounded()
        }
    }

    /// "8 oz", "237 ml", "1.5 oz" ("1,5 oz" where the comma is the decimal mark, as the Waterline
    /// beside it reads).
    public static func format(ounces: Double, in units: Units, locale: Locale = KitLanguage.locale) -> String {
        let amount = displayAmount(ounces: ounces, in: units)
        let number = amount == amount.rounded()
            ? String(Int(amount)) : amount.formatted(.number.precision(.fractionLength(1)).grouping(.never).locale(locale))
        return "\(number) \(units.rawValue)"
    }
}
