import AppIntents
import WaterlineCore
import WaterlineSystem

/// Waterline's Focus filter (Settings → Focus → a Focus → Add Filter → Waterline): while that
/// Focus is on, reminders, widgets and the Live Activity say no drink words and show no counts,
/// as the person picks here. The system calls `perform()` as the Focus turns on, and again with
/// the defaults (nothing asked) as it turns off; the values are kept in the App Group
/// (`FocusFilterStore`) and every surface follows (`RuntimeInput.focusChanged`). The person's
/// own settings, and what syncs, are never touched.
struct WaterlineFocusFilter: SetFocusFilterIntent {
    static let title: LocalizedStringResource = "Keep Waterline Discreet"
    static let description = IntentDescription("While this Focus is on, reminders, widgets and the Live Activity can say no drink words and show no counts.")

    @Parameter(title: "No Drink Words", default: false)
    var discreet: Bool

    @Parameter(title: "Hide Counts", default: false)
    var hidesCounts: Bool

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "Keep Waterline Discreet")
    }

    @MainActor
    func perform() async throws -> some IntentResult {
        FocusFilterStore.save(FocusFilter(discreet: discreet, hidesCounts: hidesCounts))
        try await IntentServices.focusChanged()
        return .result()
    }
}
