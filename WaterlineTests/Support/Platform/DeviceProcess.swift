import Foundation
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// One process on the phone (the app, or an extension) on the shared store: a fresh runtime and
/// session service, as iOS would start them, with recording platform fakes that share one log.
@MainActor
final class DeviceProcess {
    let log = PlatformLog()
    let notifications: RecordingNotificationCenter
    let liveActivities: RecordingLiveActivities
    let widgets: RecordingWidgets
    let watch: RecordingWatch
    let sync: RecordingSyncRunner
    let signal: RecordingSignal
    let background: RecordingBackground
    let runtime: AppRuntime

    init(
        _ harness: ServiceHarness, process: RuntimeProcess = .app, notifications: RecordingNotificationCenter = RecordingNotificationCenter(),
        liveActivities: RecordingLiveActivities = RecordingLiveActivities(), watch: RecordingWatch = RecordingWatch()
    ) {
        self.notifications = notifications
        self.liveActivities = liveActivities
        self.watch = watch
        notifications.log = log
        liveActivities.log = log
        watch.log = log
        widgets = RecordingWidgets(log: log)
        sync = RecordingSyncRunner(log: log)
        signal = RecordingSignal(log: log)
        background = RecordingBackground(log: log)
        let clock = harness.clock, ids = harness.ids
        // A new process has its own service over the same (App Group) store.
        let service = SessionService(store: harness.store, now: { clock.now }, makeID: { ids() })
        let platform = RuntimePlatform(
            notifications: notifications,
            liveActivities: process == .app ? liveActivities : UnavailableLiveActivities(),
            widgets: widgets, watch: process == .app ? watch : UnavailableWatch(), sync: process == .app ? sync : NoSync(),
            signal: signal, background: background, now: { clock.now },
            // Writes are pushed at once after the (zero) pause; `settled()` waits for that.
            syncDebounce: .zero, sleep: { _ in }
        )
        runtime = AppRuntime(service: service, platform: platform, process: process)
        // The open screens: every change they hear of is logged.
        let log = log
        runtime.changes.observe { change in
            await log.record(.screens, "change (past nights \(change.pastSessionsChanged ? "changed" : "same"))")
            return true
        }
    }

    /// Waits until every sync the runtime asked for has run.
    func settled() async {
        await runtime.syncIdle()
    }
}
