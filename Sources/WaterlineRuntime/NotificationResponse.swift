import Foundation
import WaterlineCore

/// What the person did with a delivered reminder, as the notification center reports it.
public struct NotificationResponse: Hashable, Sendable {
    /// `NotificationAction.logWater`'s identifier, the dismiss action, or the system's default
    /// (the notification itself was tapped).
    public var actionIdentifier: String
    /// The reminder's request identifier, which makes a repeated delivery recognisable.
    public var requestIdentifier: String

    public init(actionIdentifier: String, requestIdentifier: String) {
        self.actionIdentifier = actionIdentifier
        self.requestIdentifier = requestIdentifier
    }

    /// The system's identifier for a tap on the notification itself.
    public static let defaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
    /// The system's identifier for a swipe-away (with the category's custom dismiss action).
    public static let dismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

    /// The id the water log of this response gets: the same for a repeated delivery of the same
    /// response, so it is logged once even across a relaunch.
    public var logId: UUID {
        StableID.uuid(for: "notification-response|\(requestIdentifier)|\(actionIdentifier)")
    }
}
