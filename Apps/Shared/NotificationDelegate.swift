#if os(iOS) || os(watchOS)
import Foundation
import UserNotifications
import WaterlineCore
import WaterlineRuntime

/// `UNUserNotificationCenter`'s delegate on the phone and the watch, set before launch finishes.
/// It reads what it needs from the system's objects on the calling thread, hands plain values to
/// the runtime on the main actor, and calls the `@Sendable` completion handler (which lets the
/// system suspend the app again) only once the runtime's work is saved.
public final class NotificationDelegate: NSObject, UNUserNotificationCenterDelegate, Sendable {
    private let runtime: AppRuntime
    /// The phone shows a reminder that arrives in front as its own banner; the watch lets the
    /// system show it (with its haptic), having no banner of its own.
    private let bannerInApp: Bool

    public init(runtime: AppRuntime, bannerInApp: Bool = true) {
        self.runtime = runtime
        self.bannerInApp = bannerInApp
    }

    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        guard bannerInApp else { return completionHandler([.banner, .sound]) }
        let content = NotificationContent(notification.request.content)
        let runtime = runtime
        Task { @MainActor in
            completionHandler(await runtime.handle(.notificationWillPresent(content)) ? [.banner, .sound] : [])
        }
    }

    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        let received = NotificationResponse(actionIdentifier: response.actionIdentifier, requestIdentifier: response.notification.request.identifier)
        let runtime = runtime
        Task { @MainActor in
            await runtime.handle(.notificationResponse(received))
            completionHandler()
        }
    }
}
#endif
