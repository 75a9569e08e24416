/// What the person answered when asked to allow notifications.
public enum NotificationAuthorization: String, Hashable, Sendable {
    /// Allowed (also provisional and ephemeral): reminders go to the system.
    case allowed
    /// Refused: reminders appear only inside the app, as a banner.
    case denied
    /// Not asked yet (the person skipped the question): treated like `denied` for showing,
    /// but reminders are still scheduled so they appear once permission is given. The question
    /// is asked again when the person next starts a night in the app, and Settings offers it.
    case notDetermined
}
