import AppIntents
import WaterlineCore
import WaterlineRuntime
import WaterlineSystem

/// Which button a quick log came from, recorded as the log's source. Only the button intents
/// (never shown in Shortcuts) carry it; Siri's intents log as the phone.
enum IntentSurface: String, AppEnum {
    case widget
    case liveActivity

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Surface"
    static let caseDisplayRepresentations: [IntentSurface: DisplayRepresentation] = [
        .widget: "Widget", .liveActivity: "Live Activity",
    ]

    var logSource: LogSource {
        switch self {
        case .widget: .widget
        case .liveActivity: .liveActivity
        }
    }
}
