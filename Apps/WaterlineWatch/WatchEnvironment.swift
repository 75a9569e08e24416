import Foundation
import UserNotifications
import WaterlineCore
import WaterlineData
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// Everything live on the watch, built once at process launch (in front, or in the background for
/// a notification's action, a WatchConnectivity delivery or a refresh): the kit's runtime over the
/// watch's own store, with the watch's notification center and complications, and its phone as its
/// backend over WatchConnectivity. The screen holds only the runtime's one door.
@MainActor
final class WatchEnvironment {
    let runtime: AppRuntime
    let model: WatchSessionModel
    let link: PhoneLinkService
    private let notificationDelegate: NotificationDelegate

    /// Throws when the watch's store cannot be opened: the app says so and tries again rather
    /// than keep the night in memory, where it would be lost when the app ends.
    init() throws {
        let store = SwiftDataSessionStore(modelContainer: try WaterlineContainer.make())
        // The runtime is made after the link, so the link reaches it through this box.
        let box = RuntimeBox()
        let link = PhoneLinkService(
            onMessage: { data in Task { @MainActor in await box.runtime?.handle(.phoneMessage(data)) } },
            onReachability: { reachable in Task { @MainActor in await box.runtime?.handle(.phoneReachabilityChanged(isReachable: reachable)) } }
        )
        // What waits for the phone reaches the screen through the runtime, which runs every sync.
        let sync = WatchSyncRunner(store: store, link: link, now: { Date() }, makeID: { UUID() })
        let platform = RuntimePlatform(
            capabilities: .watchApp, notifications: SystemNotificationCenter(), liveActivities: UnavailableLiveActivities(),
            widgets: ComplicationReloader(), watch: UnavailableWatch(), sync: sync, signal: NoSignal(), background: NoBackgroundTasks()
        )
        let runtime = AppRuntime(service: SessionService(store: store), platform: platform)
        box.runtime = runtime
        self.runtime = runtime
        self.link = link
        model = WatchSessionModel(actions: runtime)
        notificationDelegate = NotificationDelegate(runtime: runtime, bannerInApp: false)
    }

    /// Hooks every entry point to the runtime; called as launch finishes, before the system
    /// delivers a notification response.
    func connect() {
        UNUserNotificationCenter.current().delegate = notificationDelegate
        link.activate()
        // Runs at the main actor's next turn, ahead of any callback the system queues after launch.
        let runtime = runtime
        Task { await runtime.handle(.launched) }
    }
}

/// Lets the link's callbacks, made before the runtime, reach it once it exists.
@MainActor
private final class RuntimeBox {
    var runtime: AppRuntime?
}
