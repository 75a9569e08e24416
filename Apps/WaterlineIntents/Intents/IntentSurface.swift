import AppIntents
import WaterlineCore
import WaterlineRuntime
import WaterlineSystem

/// Which surface a quick log came from, recorded as the log's source.
enum IntentSurface: String, AppEnum {
    case widget
    case liveActivity
    case siri

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Surface"
    static let caseDisplayRepresentations: [IntentSurface: DisplayRepresentation] = [
        .widget: "Widget", .liveActivity: "Live Activity", .siri: "Siri",
    ]

    var logSource: LogSource {
        switch self {
        case .widget: .widget
        case .liveActivity: .liveActivity
        case .siri: .phone
        }
    }
}
