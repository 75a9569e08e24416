import Foundation
import WaterlineCore
import WaterlineSync

/// Every input the runtime takes, as `AppRuntime.handle(_:)`'s one `switch` sees it. Made only
/// by `RuntimeInput`'s factories, each of which fixes the reply's type.
enum RuntimeInputKind: Sendable {
    // A change, wherever the person made it.
    case action(SessionAction, from: ActionOrigin)
    case intent(QuickIntent, source: LogSource)
    case question(IntentQuestion)
    case bannerLogWater
    // The process and the app.
    case launched
    case becameActive
    case resignedActive
    case foregroundTick
    case backgroundRefresh
    case unlocked
    case focusChanged
    case storeChangedElsewhere
    case networkChanged(isOnline: Bool)
    case openURL(URL)
    // Notifications.
    case notificationWillPresent(NotificationContent)
    case notificationResponse(NotificationResponse)
    case askForNotifications
    // The other device.
    case watchMessage(Data, replying: Bool)
    case watchLinkActivated
    case phoneMessage(Data)
    case phoneReachabilityChanged(isReachable: Bool)
    // Sync the person or a command asked for.
    case syncNow(SyncScheduler.Reason)
    case resendRefusedChanges
    case settle
}
