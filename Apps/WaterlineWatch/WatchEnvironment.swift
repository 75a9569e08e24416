import Foundation
import UserNotifications
import WaterlineCore
import WaterlineData
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem
import WidgetKit

/// Everything live on the watch, built once at process launch (in front, or in the background for
/// a notification's action or a refresh): the kit's runtime over the watch's own store, with the
/// watch's notification center and complications, and its phone as its backend over
/// WatchConnectivity. The screen holds only the runtime's one door.
@MainActor
final class WatchEnvironment {
    static let shared = WatchEnvironment()

    let runtime: AppRuntime
    let model: WatchSessionModel
    private let link: PhoneLinkService
    private let notificationDelegate: NotificationDelegate

    private init() {
        let store = Self.openStore()
        // The runtime is made after the link, so the link reaches it through this box.
        let box = RuntimeBox()
        let link = PhoneLinkService(
            onMessage: { data in Task { @MainActor in await box.runtime?.phoneMessageReceived(data) } },
            onReachability: { reachable in Task { @MainActor in await box.runtime?.phoneReachabilityChanged(isReachable: reachable) } }
        )
        // What waits for the phone reaches the screen through the runtime, which runs every sync.
        let sync = WatchSyncRunner(store: store, link: link, now: { Date() }, makeID: { UUID() })
        let platform = RuntimePlatform(
            capabilities: .watchApp, notifications: SystemNotificationCenter(), liveActivities: UnavailableLiveActivities(),
            widgets: SystemWidgetReloader(), watch: UnavailableWatch(), sync: sync, signal: NoSignal(), background: NoBackgroundTasks()
        )
        let runtime = AppRuntime(service: SessionService(store: store), platform: platform)
        box.runtime = runtime
        self.runtime = runtime
        self.link = link
        model = WatchSessionModel(actions: runtime)
        notificationDelegate = NotificationDelegate(runtime: runtime, bannerInApp: false)
        // Every change, from any origin, leaves its state here: the complication draws that.
        runtime.changes.observe { change in
            let snapshot = WidgetSnapshot(state: change.state, generatedAt: Date())
            await MainActor.run {
                ComplicationSnapshot.save(snapshot)
                WidgetCenter.shared.reloadAllTimelines()
            }
            return true
        }
    }

    /// Hooks every entry point to the runtime; called as launch finishes, before the system
    /// delivers a notification response.
    func connect() {
        UNUserNotificationCenter.current().delegate = notificationDelegate
        link.activate()
        runtime.launched()
    }

    /// The watch's own store, in its own App Group container (the complication reads it too).
    /// Should it not open, the watch works in memory for this launch rather than not at all.
    private static func openStore() -> SwiftDataSessionStore {
        if let container = try? WaterlineContainer.make() { return SwiftDataSessionStore(modelContainer: container) }
        // An in-memory container has nothing to fail on.
        return SwiftDataSessionStore(modelContainer: try! WaterlineContainer.make(inMemory: true))
    }
}

/// Lets the link's callbacks, made before the runtime, reach it once it exists.
@MainActor
private final class RuntimeBox {
    var runtime: AppRuntime?
}
