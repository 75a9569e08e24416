import Foundation

/// Whether reminders may reach the Lock Screen and the wrist, and the one way to ask. The runtime
/// answers (it also asks by itself when a session starts in the app and nobody has asked yet), so
/// onboarding and Settings never reach the system's notification center themselves.
@MainActor
public protocol NotificationPermissions: AnyObject {
    /// What the person allowed, as the system says now.
    func notificationAuthorization() async -> NotificationAuthorization
    /// Shows the system's question when it was never answered, and returns the answer (or the
    /// standing one: the system asks only once; after a "no" only its Settings app can change it).
    func askForNotifications() async -> NotificationAuthorization
}
