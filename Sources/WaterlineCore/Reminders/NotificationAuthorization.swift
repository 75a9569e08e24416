/// What the person answered when asked to allow notifications.
public enum NotificationAuthorization: String, Hashable, Sendable {
    /// Allowed (also provisional and ephemeral): reminders go to the system.
    case allowed
    /// Refused: reminders appear only inside the app, as a banner.
    case denied
    /// Not asked yet (the person skipped the question, or the watch has not asked its own):
    /// treated like `denied`. The system refuses reminders until permission is given; they are
    /// handed to it again as soon as it is. Settings offers the question on the phone; the watch
    /// asks at its first session, once its app is open.
    case notDetermined
}
