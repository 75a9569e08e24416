/// A refusal as a screen says it: which value to check, in words, in the person's language. The
/// wire and the command line keep `description` (the field's wire name and the exact bound).
extension ValidationError {
    public var screenMessage: String {
        let field: KitString = switch self.field.split(separator: ".").last.map(String.init) ?? self.field {
        case "name": KitStrings.fieldName
        case "sizeOz": KitStrings.fieldSize
        case "abv": KitStrings.fieldABV
        case "standardDrinkEstimate": KitStrings.fieldEstimate
        case "amountOz": KitStrings.fieldAmount
        case "timestamp": KitStrings.fieldTime
        case "waterEveryNDrinks": KitStrings.fieldWaterEvery
        case "warningThreshold": KitStrings.fieldThreshold
        case "timeReminderIntervalMinutes": KitStrings.fieldInterval
        case "defaultWaterAmountOz": KitStrings.fieldDefaultWater
        default: KitStrings.fieldOther
        }
        return KitText.string(KitStrings.validationCheck, .text(KitText.string(field)))
    }
}
