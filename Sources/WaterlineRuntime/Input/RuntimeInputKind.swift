import Foundation
import WaterlineCore
import WaterlineSync

/// The inputs answered with nothing (the process, the app, notifications answered, the other
/// device, sync asked for), as `AppRuntime.take(_:)`'s one `switch` sees them. An input answered
/// with a value (a change, an intent, Siri's question, a notification about to show, a watch
/// message, a sync asked for by a command, the notification question) is answered by the
/// runtime function its `RuntimeInput` factory names, typed as the factory says.
enum RuntimeInputKind: Sendable {
    case bannerLogWater
    case bannerDismissed
    case linkShown(DeepLink)
    // The process and the app.
    case launched
    case becameActive
    case resignedActive
    case foregroundTick
    case backgroundRefresh
    case unlocked
    case focusChanged
    case deviceChanged
    case storeChangedElsewhere
    case networkChanged(isOnline: Bool)
    case openURL(URL)
    // Notifications.
    case notificationResponse(NotificationResponse)
    // The other device.
    case watchLinkActivated
    case phoneMessage(Data)
    case phoneReachabilityChanged(isReachable: Bool)
    // Sync the person or a command asked for.
    case resendRefusedChanges
    case settle
}
