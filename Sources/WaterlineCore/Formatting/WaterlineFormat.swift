import Foundation

/// How numbers read on every surface.
public enum WaterlineFormat {
    /// The Waterline as it is shown, and as the warning compares it: to one decimal. Three 16 oz
    /// beers (3.99) read "4" and are at a threshold of 4; 3.94 reads "3.9" and is not.
    public static func rounded(_ value: Double) -> Double {
        (value * 10).rounded() / 10
    }

    /// One decimal, and a whole number when it is one: 2.5 → "2.5" ("2,5" where the comma is the
    /// decimal mark), 2.0 → "2", −0.04 → "0".
    public static func value(_ value: Double, locale: Locale = KitLanguage.locale) -> String {
        let shown = rounded(value)
        if shown == 0 { return "0" }
        if shown == shown.rounded() { return String(Int(shown)) }
        return shown.formatted(.number.precision(.fractionLength(1)).grouping(.never).locale(locale))
    }

    /// A signed reading for the gauge: "+2.5", "0", "−1".
    public static func signedValue(_ value: Double, locale: Locale = KitLanguage.locale) -> String {
        let text = Self.value(value, locale: locale)
        if text == "0" { return text }
        return value > 0 ? "+\(text)" : "−\(text.dropFirst())"
    }

    /// A reading as VoiceOver says it: "plus 2.5", "minus 1", "0".
    public static func spoken(_ value: Double) -> String {
        let text = Self.value(abs(value))
        if text == "0" { return text }
        return KitText.string(value > 0 ? KitStrings.gaugePlus : KitStrings.gaugeMinus, .text(text))
    }

    /// Where the value stands against the centre, for VoiceOver ("above center").
    public static func position(_ value: Double) -> String {
        let text = Self.value(value)
        if text == "0" { return KitText.string(KitStrings.atCenter) }
        return KitText.string(value > 0 ? KitStrings.aboveCenter : KitStrings.belowCenter)
    }

    /// "1 h 05 min", "45 min", "0 min".
    public static func duration(_ seconds: TimeInterval) -> String {
        let minutes = max(0, Int(seconds / 60))
        let hours = minutes / 60, rest = minutes % 60
        if hours == 0 { return KitText.string(KitStrings.minutes, .int(rest)) }
        return KitText.string(KitStrings.hoursMinutes, .int(hours), .text(rest < 10 ? "0\(rest)" : "\(rest)"))
    }

    /// "Water due in: 2 drinks", "Water due in: 1 drink", or "Water due now".
    public static func waterDue(inDrinks drinks: Int) -> String {
        drinks <= 0 ? KitText.string(KitStrings.waterDueNow) : KitText.string(KitStrings.waterDueIn, .int(drinks))
    }
}
