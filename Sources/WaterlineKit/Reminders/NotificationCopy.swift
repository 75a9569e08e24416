import Foundation

/// Every word a reminder says, in one place. Calm, never judging, never medical.
public enum NotificationCopy {
    public static let discreetTitle = "Time for a break"
    public static let discreetBody = "A good moment for a glass of water."

    /// The content for a reminder of `kind` given the session's current state.
    public static func content(
        for kind: ReminderKind, state: WaterlineState, settings: UserSettings, sessionId: UUID
    ) -> NotificationContent {
        let (title, body) = fullText(for: kind, state: state)
        let detailBody = "\(body)\n\(countsLine(state))"
        return NotificationContent(
            title: settings.discreetNotifications ? discreetTitle : title,
            body: settings.discreetNotifications ? discreetBody : body,
            detailTitle: title,
            detailBody: detailBody,
            categoryIdentifier: NotificationAction.categoryIdentifier,
            threadIdentifier: sessionId.uuidString.lowercased()
        )
    }

    static func fullText(for kind: ReminderKind, state: WaterlineState) -> (title: String, body: String) {
        switch kind {
        case .timeBased:
            return ("Time for water", "A glass of water keeps your evening at your pace.")
        case .perDrink:
            let drinks = state.alcoholCountSinceLastWater
            return ("Time for water", "You've had \(drinks) \(drinks == 1 ? "drink" : "drinks") — time for water")
        case .pacingWarning:
            return ("Your Waterline is high", "Your Waterline is high — drink water to return to center")
        }
    }

    /// "Drinks 3 · Water 1 · Waterline 2.5"
    public static func countsLine(_ state: WaterlineState) -> String {
        "Drinks \(state.totalAlcoholCount) · Water \(state.totalWaterCount) · Waterline \(WaterlineFormat.value(state.waterlineValue))"
    }
}
