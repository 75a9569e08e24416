import BackgroundTasks
import Foundation
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// A background app refresh that pulls what changed elsewhere and pushes what is waiting, through
/// the runtime (which shows whatever the pull changed): registered at launch, scheduled again
/// each time it runs and when the app leaves the screen.
enum BackgroundSync {
    static let identifier = "com.waterline.app.sync"

    /// Must run before launch finishes.
    static func register(runtime: AppRuntime) {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { task in
            let refresh = RefreshTask(task)
            schedule()
            let work = Task {
                await runtime.handle(.backgroundRefresh)
                refresh.completed(success: !Task.isCancelled)
            }
            refresh.onExpiration { work.cancel() }
        }
    }

    /// Asks for the next refresh, no sooner than in 15 minutes.
    static func schedule() {
        let request = BGAppRefreshTaskRequest(identifier: identifier)
        request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
        try? BGTaskScheduler.shared.submit(request)
    }
}

/// The system's task object, handed to the work that finishes it; BackgroundTasks allows calling
/// it from any thread, once.
private struct RefreshTask: @unchecked Sendable {
    private let task: BGTask

    init(_ task: BGTask) {
        self.task = task
    }

    func completed(success: Bool) {
        task.setTaskCompleted(success: success)
    }

    func onExpiration(_ handler: @escaping @Sendable () -> Void) {
        task.expirationHandler = handler
    }
}
