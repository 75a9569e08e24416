import Foundation

/// How a drink's weight is said: "Counts as 1 standard drink", "Counts as 1.5 standard drinks"
/// ("1,5" where the comma is the decimal mark).
public enum StandardDrinkText {
    public static func countsAs(_ estimate: Double, locale: Locale = KitLanguage.locale) -> String {
        let shown = (estimate * 100).rounded() / 100
        if shown == 1 { return KitText.string(KitStrings.countsAsOneStandardDrink) }
        let number = shown.formatted(.number.precision(.fractionLength(0...2)).grouping(.never).locale(locale))
        return KitText.string(KitStrings.countsAsStandardDrinks, .text(number))
    }
}
