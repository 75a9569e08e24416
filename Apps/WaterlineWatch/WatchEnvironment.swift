import Foundation
import UserNotifications
import WaterlineCore
import WaterlineData
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// Everything live on the watch, built once at process launch (in front, or in the background for
/// a notification's action, a WatchConnectivity delivery or a refresh): the kit's runtime over the
/// watch's own store, with the watch's notification center, complications and background refresh,
/// and its phone as its backend over WatchConnectivity, whose deliveries it takes in order. The
/// screen holds only the runtime's one door.
@MainActor
final class WatchEnvironment {
    let runtime: AppRuntime
    let model: WatchSessionModel
    let link: PhoneLinkService
    /// The phone's deliveries, taken in the order they arrive.
    let deliveries: OrderedDeliveries
    private let notificationDelegate: NotificationDelegate

    /// Throws when the watch's store cannot be opened: the app says so and tries again rather
    /// than keep the session in memory, where it would be lost when the app ends.
    init() throws {
        let store = SwiftDataSessionStore(modelContainer: try WaterlineContainer.make())
        // The runtime is made after the link, so the link reaches it through this box.
        let box = RuntimeBox()
        let deliveries = OrderedDeliveries()
        let link = PhoneLinkService(
            onMessage: { data in deliveries.take(data) },
            onReachability: { reachable in Task { @MainActor in await box.runtime?.handle(.phoneReachabilityChanged(isReachable: reachable)) } }
        )
        // What waits for the phone reaches the screen through the runtime, which runs every sync;
        // what was transferred to it is remembered in the app's own file until the phone takes it.
        let sync = WatchSyncRunner(
            store: store, link: link, ledger: FileLedgerStorage.applicationSupport(named: "phone-transfers.json"), now: { Date() }, makeID: { UUID() }
        )
        let platform = RuntimePlatform(
            capabilities: .watchApp, notifications: SystemNotificationCenter(), liveActivities: UnavailableLiveActivities(),
            widgets: ComplicationReloader(), watch: UnavailableWatch(), sync: sync, signal: NoSignal(), background: NoBackgroundTasks(),
            pairedPhone: sync, refresh: WatchRefreshScheduler()
        )
        let runtime = AppRuntime(service: SessionService(store: store), platform: platform)
        box.runtime = runtime
        self.runtime = runtime
        self.link = link
        self.deliveries = deliveries
        model = WatchSessionModel(actions: runtime)
        notificationDelegate = NotificationDelegate(runtime: runtime, bannerInApp: false)
    }

    /// Hooks every entry point to the runtime; called as launch finishes, before the system
    /// delivers a notification response.
    func connect() {
        UNUserNotificationCenter.current().delegate = notificationDelegate
        // Runs at the main actor's next turn, ahead of any callback the system queues after launch,
        // and ahead of the first delivery the link hands over (its task is made after this one).
        let runtime = runtime
        Task { await runtime.handle(.launched) }
        deliveries.run(into: runtime)
        link.activate()
    }
}

/// Lets the link's callbacks, made before the runtime, reach it once it exists.
@MainActor
private final class RuntimeBox {
    var runtime: AppRuntime?
}
