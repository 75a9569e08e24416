/// How a catalog size reads in the drink picker, in the person's units and language.
extension DrinkSize {
    /// "Pint (20 oz)" or "Pint (591 ml)"; "12 oz" or "355 ml"; "Standard".
    public func title(in units: Units) -> String {
        let volume = VolumeConversion.format(ounces: sizeOz, in: units)
        let label: KitString? = switch id {
        case "beer-pint": KitStrings.sizePint
        case "wine-5oz": KitStrings.sizeGlass
        case "wine-large": KitStrings.sizeLargeGlass
        case "liquor-shot": KitStrings.sizeShot
        case "liquor-double": KitStrings.sizeDouble
        case "cocktail-standard": KitStrings.sizeStandard
        case "cocktail-strong": KitStrings.sizeStrong
        default: nil
        }
        guard let label else { return volume }
        return KitText.string(label, .text(volume))
    }
}
