#if os(iOS) || os(watchOS)
import Foundation
import UserNotifications
import WaterlineCore
import WaterlineRuntime

/// The kit's `NotificationCenterClient` on `UNUserNotificationCenter`. Compiled into the app and
/// the extensions: an intent that runs in an extension re-plans reminders from there too.
@MainActor
public final class SystemNotificationCenter: NotificationCenterClient {
    private var center: UNUserNotificationCenter { .current() }

    public init() {}

    public func registerCategories() {
        let logWater = UNNotificationAction(identifier: NotificationAction.logWater.rawValue, title: NotificationAction.logWater.title, options: [])
        let remindLater = UNNotificationAction(
            identifier: NotificationAction.remindLater.rawValue, title: NotificationAction.remindLater.title, options: []
        )
        let dismiss = UNNotificationAction(identifier: NotificationAction.dismiss.rawValue, title: NotificationAction.dismiss.title, options: [.destructive])
        let category = UNNotificationCategory(
            identifier: NotificationAction.categoryIdentifier, actions: [logWater, remindLater, dismiss], intentIdentifiers: [],
            options: [.customDismissAction]
        )
        center.setNotificationCategories([category])
    }

    public func requestAuthorization() async -> NotificationAuthorization {
        _ = try? await center.requestAuthorization(options: [.alert, .sound, .badge])
        return await authorization()
    }

    public func authorization() async -> NotificationAuthorization {
        switch await center.notificationSettings().authorizationStatus {
        case .authorized, .provisional, .ephemeral: .allowed
        case .denied: .denied
        case .notDetermined: .notDetermined
        @unknown default: .notDetermined
        }
    }

    public func replacePending(sessionId: UUID, with requests: [ReminderRequest]) async {
        await removePending(sessionId: sessionId)
        for request in requests { await schedule(request, immediately: false) }
    }

    public func schedule(_ request: ReminderRequest) async {
        await schedule(request, immediately: false)
    }

    public func cancelAll(sessionId: UUID) async {
        await removePending(sessionId: sessionId)
        let snoozes = ReminderPlanner.snoozePrefix(sessionId: sessionId)
        let snoozed = await center.pendingNotificationRequests().map(\.identifier).filter { $0.hasPrefix(snoozes) }
        center.removePendingNotificationRequests(withIdentifiers: snoozed)
        let thread = sessionId.uuidString.lowercased()
        let delivered = await center.deliveredNotifications()
            .filter { $0.request.content.threadIdentifier == thread }
            .map(\.request.identifier)
        center.removeDeliveredNotifications(withIdentifiers: delivered)
    }

    public func cancelSnoozes(sessionId: UUID, answeredByWaterAt water: Date) async {
        let answered = await center.pendingNotificationRequests().map(\.identifier).filter {
            ReminderPlanner.snoozeIsAnswered(identifier: $0, sessionId: sessionId, byWaterAt: water)
        }
        center.removePendingNotificationRequests(withIdentifiers: answered)
    }

    /// Reminders carry their session's id as the thread, pending and delivered alike.
    public func sessionIdsWithReminders() async -> Set<UUID> {
        let pending = await center.pendingNotificationRequests().map(\.content.threadIdentifier)
        let delivered = await center.deliveredNotifications().map(\.request.content.threadIdentifier)
        return Set((pending + delivered).compactMap(UUID.init(uuidString:)))
    }

    public func post(_ request: ReminderRequest) async {
        await schedule(request, immediately: true)
    }

    private func removePending(sessionId: UUID) async {
        let prefix = ReminderPlanner.identifierPrefix(sessionId: sessionId)
        let pending = await center.pendingNotificationRequests().map(\.identifier).filter { $0.hasPrefix(prefix) }
        center.removePendingNotificationRequests(withIdentifiers: pending)
    }

    private func schedule(_ request: ReminderRequest, immediately: Bool) async {
        let content = UNMutableNotificationContent()
        content.title = request.content.title
        content.body = request.content.body
        content.categoryIdentifier = request.content.categoryIdentifier
        content.threadIdentifier = request.content.threadIdentifier
        content.sound = Self.sound(for: request.content.style)
        // The expanded view (the content extension) and the in-app banner read the full text here.
        content.userInfo = [
            "detailTitle": request.content.detailTitle, "detailBody": request.content.detailBody, "kind": request.kind.rawValue,
            "style": request.content.style.rawValue,
        ]
        let interval = max(1, request.fireDate.timeIntervalSinceNow)
        let trigger = immediately ? nil : UNTimeIntervalNotificationTrigger(timeInterval: interval, repeats: false)
        try? await center.add(UNNotificationRequest(identifier: request.identifier, content: content, trigger: trigger))
    }
}

extension SystemNotificationCenter {
    /// What a reminder of `style` plays: the system's sound, a haptic alone, or nothing.
    static func sound(for style: ReminderStyle) -> UNNotificationSound? {
        switch style {
        case .soundAndHaptic: .default
        case .hapticOnly:
            #if os(watchOS)
            // watchOS has no custom notification sounds: its default is the wrist's tap, heard
            // only when the watch is not in Silent Mode.
            .default
            #else
            // The silent sound in every posting target's bundle (`Apps/Sounds`): the phone
            // vibrates, with nothing heard.
            UNNotificationSound(named: UNNotificationSoundName("waterline-tap.wav"))
            #endif
        case .silent: nil
        }
    }
}

extension NotificationContent {
    /// A delivered notification's words, with the detail the app stored in its userInfo.
    public init(_ content: UNNotificationContent) {
        self.init(
            title: content.title, body: content.body,
            detailTitle: content.userInfo["detailTitle"] as? String ?? content.title,
            detailBody: content.userInfo["detailBody"] as? String ?? content.body,
            categoryIdentifier: content.categoryIdentifier, threadIdentifier: content.threadIdentifier,
            style: content.userInfo["style"].flatMap { ($0 as? String).flatMap(ReminderStyle.init(rawValue:)) } ?? .soundAndHaptic
        )
    }
}
#endif
