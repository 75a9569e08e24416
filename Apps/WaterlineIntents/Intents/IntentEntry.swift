import AppIntents
import WaterlineRuntime

/// What a widget's or Live Activity's button logs.
enum IntentEntry: String, AppEnum {
    case drink
    case water

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Entry"
    static let caseDisplayRepresentations: [IntentEntry: DisplayRepresentation] = [
        .drink: "Drink", .water: "Water",
    ]

    /// The quick drink is the first preset (`presetId: nil`).
    var action: QuickIntent {
        switch self {
        case .drink: .logDrink(presetId: nil)
        case .water: .logWater
        }
    }
}
