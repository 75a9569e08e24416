import WatchConnectivity
import WatchKit
import WaterlineRuntime

/// The watch app's delegate: builds the environment and hooks the entry points as launch
/// finishes, in front or in the background, and hands background tasks to the runtime. Should
/// the watch's store not open, it says why and tries again when the app next comes to the front.
final class WatchAppDelegate: NSObject, WKApplicationDelegate {
    @MainActor private let launch = LaunchedEnvironment<WatchEnvironment>(build: { try WatchEnvironment() }, connect: { $0.connect() })
    @MainActor var environment: WatchEnvironment? { launch.environment }
    @MainActor var launchError: String? { launch.failure }
    /// WatchConnectivity deliveries waiting for their content to be handed over.
    private let deliveries = PendingDeliveries()

    func applicationDidFinishLaunching() {
        MainActor.assumeIsolated { _ = connectedEnvironment() }
    }

    func applicationDidBecomeActive() {
        MainActor.assumeIsolated {
            guard let runtime = connectedEnvironment()?.runtime else { return }
            Task { await runtime.handle(.becameActive) }
        }
    }

    func applicationWillResignActive() {
        MainActor.assumeIsolated {
            guard let runtime = environment?.runtime else { return }
            Task { await runtime.handle(.resignedActive) }
        }
    }

    /// The environment, built (and connected) now if an earlier try failed.
    @MainActor
    @discardableResult
    func connectedEnvironment() -> WatchEnvironment? {
        launch.connected()
    }

    /// A refresh the system granted (the one the runtime asked for at the session's next boundary)
    /// brings the reminders and face up to date and hands what waits to the phone, then says it is
    /// done. A WatchConnectivity delivery is completed only once nothing more is pending and every
    /// delivery taken has been handed to the runtime: the system ends the app's background time at
    /// the first completion, and what was still arriving would wait.
    func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>) {
        for task in backgroundTasks {
            let done = TaskCompletion(task)
            MainActor.assumeIsolated {
                guard let runtime = connectedEnvironment()?.runtime else { return done.complete() }
                switch task {
                case is WKApplicationRefreshBackgroundTask:
                    Task {
                        await runtime.handle(.backgroundRefresh)
                        done.complete()
                    }
                case let delivery as WKWatchConnectivityRefreshBackgroundTask:
                    let deliveries = deliveries
                    let taken = connectedEnvironment()?.deliveries
                    deliveries.add(delivery)
                    Task { await deliveries.complete(after: runtime, taken: taken) }
                default:
                    done.complete()
                }
            }
        }
    }
}

/// WatchConnectivity deliveries, completed once WatchConnectivity has handed everything over and
/// the runtime has followed it (the system ends the app's background time at the first completion).
@MainActor
private final class PendingDeliveries {
    private var tasks: [WKWatchConnectivityRefreshBackgroundTask] = []

    nonisolated init() {}

    func add(_ task: WKWatchConnectivityRefreshBackgroundTask) {
        tasks.append(task)
    }

    func complete(after runtime: AppRuntime, taken: OrderedDeliveries?) async {
        await runtime.handle(.settle)
        while WCSession.default.hasContentPending || taken?.isDrained == false {
            try? await Task.sleep(for: .milliseconds(200))
            await runtime.handle(.settle)
        }
        for task in tasks { task.setTaskCompletedWithSnapshot(false) }
        tasks = []
    }
}

/// A background task, completed once from the main actor after the runtime's work.
private struct TaskCompletion: @unchecked Sendable {
    let task: WKRefreshBackgroundTask
    init(_ task: WKRefreshBackgroundTask) { self.task = task }
    func complete() { task.setTaskCompletedWithSnapshot(false) }
}
