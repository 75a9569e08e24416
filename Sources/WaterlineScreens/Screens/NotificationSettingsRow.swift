import Foundation
import WaterlineCore

/// Settings' row about notifications, for every answer the person may have given: what it says,
/// and what tapping it does.
public struct NotificationSettingsRow: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// Allowed: nothing to do.
        case none
        /// Never answered (onboarding's "Skip"): the system's question can still be shown.
        case ask
        /// Refused: only the system's Settings app can change it now.
        case openSystemSettings
    }

    public var text: String
    public var action: Action

    public init(_ authorization: NotificationAuthorization) {
        switch authorization {
        case .allowed:
            text = KitText.string(KitStrings.notificationsAllowed)
            action = .none
        case .notDetermined:
            text = KitText.string(KitStrings.notificationsNotAsked)
            action = .ask
        case .denied:
            text = KitText.string(KitStrings.notificationsDisabled)
            action = .openSystemSettings
        }
    }
}
