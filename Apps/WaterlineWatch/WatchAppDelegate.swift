import WatchKit
import WaterlineRuntime

/// The watch app's delegate: builds the environment and hooks the entry points as launch
/// finishes, in front or in the background, and hands background refreshes to the runtime.
final class WatchAppDelegate: NSObject, WKApplicationDelegate {
    func applicationDidFinishLaunching() {
        MainActor.assumeIsolated { WatchEnvironment.shared.connect() }
    }

    func applicationDidBecomeActive() {
        MainActor.assumeIsolated {
            let runtime = WatchEnvironment.shared.runtime
            Task { await runtime.becameActive() }
        }
    }

    func applicationWillResignActive() {
        MainActor.assumeIsolated { WatchEnvironment.shared.runtime.resignedActive() }
    }

    /// A refresh the system granted: pull and push with the phone, then say it is done.
    func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>) {
        for task in backgroundTasks {
            guard let refresh = task as? WKApplicationRefreshBackgroundTask else {
                task.setTaskCompletedWithSnapshot(false)
                continue
            }
            let done = RefreshCompletion(refresh)
            MainActor.assumeIsolated {
                let runtime = WatchEnvironment.shared.runtime
                Task {
                    await runtime.backgroundRefresh()
                    done.complete()
                }
            }
        }
    }
}

/// A refresh task, completed once from the main actor after the runtime's work.
private struct RefreshCompletion: @unchecked Sendable {
    let task: WKApplicationRefreshBackgroundTask
    init(_ task: WKApplicationRefreshBackgroundTask) { self.task = task }
    func complete() { task.setTaskCompletedWithSnapshot(false) }
}
