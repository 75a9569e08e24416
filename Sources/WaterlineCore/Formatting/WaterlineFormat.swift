import Foundation

/// How numbers read on every surface.
public enum WaterlineFormat {
    /// One decimal, and a whole number when it is one: 2.5 → "2.5", 2.0 → "2", −0.04 → "0".
    public static func value(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(format: "%.1f", rounded)
    }

    /// A signed reading for the gauge: "+2.5", "0", "−1".
    public static func signedValue(_ value: Double) -> String {
        let text = Self.value(value)
        if text == "0" { return text }
        return value > 0 ? "+\(text)" : "−\(text.dropFirst())"
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
