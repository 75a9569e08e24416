import UIKit
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// The kit's `BackgroundTaskHolder` on `UIApplication`'s background tasks: a call that arrived in
/// the background keeps the process running until its work is saved.
@MainActor
final class AppBackgroundTasks: BackgroundTaskHolder {
    private var next = 0
    private var tasks: [Int: UIBackgroundTaskIdentifier] = [:]

    func begin(_ name: String) -> Int {
        next += 1
        let token = next
        // UIKit calls the expiration handler on the main thread: `@Sendable`, so Swift inserts no
        // isolation check, and the hop back is asserted where it runs.
        tasks[token] = UIApplication.shared.beginBackgroundTask(withName: name) { @Sendable [weak self] in
            MainActor.assumeIsolated { self?.end(token) }
        }
        return token
    }

    func end(_ token: Int) {
        guard let task = tasks.removeValue(forKey: token), task != .invalid else { return }
        UIApplication.shared.endBackgroundTask(task)
    }
}
