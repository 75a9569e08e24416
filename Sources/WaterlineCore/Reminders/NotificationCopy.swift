import Foundation

/// Every word a reminder says, in one place. Calm, never judging, never medical.
public enum NotificationCopy {
    public static var discreetTitle: String { KitText.string(KitStrings.reminderDiscreetTitle) }
    public static var discreetBody: String { KitText.string(KitStrings.reminderDiscreetBody) }

    /// The content for a reminder of `kind` given the session's current state.
    public static func content(
        for kind: ReminderKind, state: WaterlineState, settings: UserSettings, sessionId: UUID, plannedDrinks: Int? = nil
    ) -> NotificationContent {
        let (title, body) = fullText(for: kind, state: state, plannedDrinks: plannedDrinks)
        let detailBody = "\(body)\n\(countsLine(state))"
        let full = NotificationContent(
            title: title,
            body: body,
            detailTitle: title,
            detailBody: detailBody,
            categoryIdentifier: NotificationAction.categoryIdentifier,
            threadIdentifier: sessionId.uuidString.lowercased(),
            style: settings.reminderStyle
        )
        // Discreet: the plan's note keeps its meaning without a drink word; the others say "a break".
        return settings.discreetNotifications ? discreet(full, kind: kind) : full
    }

    /// `content` of a reminder of `kind` made discreet (a Focus filter asking for it): its
    /// preview says no drink word, as discreet mode's does; its expanded detail is kept.
    public static func discreet(_ content: NotificationContent, kind: ReminderKind) -> NotificationContent {
        var shown = content
        if kind == .planReached {
            shown.title = KitText.string(KitStrings.reminderPlanDiscreetTitle)
            shown.body = KitText.string(KitStrings.reminderPlanDiscreetBody)
        } else {
            shown.title = discreetTitle
            shown.body = discreetBody
        }
        return shown
    }

    static func fullText(for kind: ReminderKind, state: WaterlineState, plannedDrinks: Int? = nil) -> (title: String, body: String) {
        switch kind {
        case .timeBased:
            return (KitText.string(KitStrings.reminderTimeTitle), KitText.string(KitStrings.reminderTimeBody))
        case .perDrink:
            let drinks = state.alcoholCountSinceLastWater
            return (KitText.string(KitStrings.reminderTimeTitle), KitText.string(KitStrings.reminderPerDrinkBody, .int(drinks)))
        case .pacingWarning:
            return (KitText.string(KitStrings.reminderWarningTitle), KitText.string(KitStrings.reminderWarningBody))
        case .planReached:
            let planned = plannedDrinks ?? Int(state.totalStandardDrinks.rounded())
            return (KitText.string(KitStrings.reminderPlanTitle), KitText.string(KitStrings.reminderPlanBody, .int(planned)))
        }
    }

    /// "Drinks 3 · Water 1 · Waterline 2.5"
    public static func countsLine(_ state: WaterlineState) -> String {
        KitText.string(KitStrings.reminderCounts, .int(state.totalAlcoholCount), .int(state.totalWaterCount), .text(WaterlineFormat.value(state.waterlineValue)))
    }
}
