import Foundation

/// How a "+ Drink" button that logs without asking says what it logs: "+ Beer", or "+ Drink"
/// when there is no preset (one standard drink then).
public enum QuickDrinkTitle {
    public static func button(_ presetName: String?) -> String {
        guard let presetName, !presetName.isEmpty else { return KitText.string(KitStrings.widgetAddDrink) }
        return KitText.string(KitStrings.widgetAddNamedDrink, .text(presetName))
    }
}
