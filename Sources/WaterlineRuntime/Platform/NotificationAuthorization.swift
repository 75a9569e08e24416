import WaterlineCore
import WaterlineStorage
import WaterlineSync

/// What the person answered when asked to allow notifications.
public enum NotificationAuthorization: String, Hashable, Sendable {
    /// Allowed (also provisional and ephemeral): reminders go to the system.
    case allowed
    /// Refused: reminders appear only inside the app, as a banner.
    case denied
    /// Not asked yet (the person skipped the question): treated like `denied` for showing,
    /// but reminders are still scheduled so they appear once permission is given.
    case notDetermined
}
