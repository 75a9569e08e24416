import Foundation
import WaterlineCore

extension RuntimePlatform {
    /// A process with no screen surfaces of its own (the command line): no notifications, Live
    /// Activity, widgets, watch or background sync; every change still goes through the one door.
    public static func headless(now: @escaping @Sendable () -> Date = { Date() }) -> RuntimePlatform {
        RuntimePlatform(
            capabilities: .commandLine, notifications: NoNotifications(), liveActivities: UnavailableLiveActivities(), widgets: NoWidgets(),
            watch: UnavailableWatch(), sync: NoSync(), signal: NoSignal(), background: NoBackgroundTasks(), now: now
        )
    }
}
