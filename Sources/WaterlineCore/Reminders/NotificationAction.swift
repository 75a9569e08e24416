/// The buttons on every Waterline reminder.
public enum NotificationAction: String, Codable, Hashable, Sendable, CaseIterable {
    /// Logs water with the default amount, without opening the app.
    case logWater = "LOG_WATER"
    /// Asks again in `ReminderPlanner.snoozeInterval` (10 minutes), without opening the app.
    case remindLater = "REMIND_LATER"
    case dismiss = "DISMISS"

    /// The category every reminder is posted in, which carries these actions.
    public static let categoryIdentifier = "WATERLINE_REMINDER"

    public var title: String {
        switch self {
        case .logWater: KitText.string(KitStrings.actionLogWater)
        case .remindLater: KitText.string(KitStrings.actionRemindLater)
        case .dismiss: KitText.string(KitStrings.actionDismiss)
        }
    }
}
