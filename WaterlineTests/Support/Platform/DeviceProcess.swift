import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// One process on the phone (the app, or an extension) on the shared store: a fresh runtime and
/// session service, as iOS would start them, with recording platform fakes that share one log.
/// The fakes fail by default: the test says which surfaces it expects the process to reach
/// (`expecting:`), and the paired watch's (`wristExpecting:`); any other call fails it.
@MainActor
final class DeviceProcess {
    let log: PlatformLog
    let notifications: RecordingNotificationCenter
    let liveActivities: RecordingLiveActivities
    let widgets: RecordingWidgets
    let watch: RecordingWatch
    let sync: RecordingSyncRunner
    let signal: RecordingSignal
    let background: RecordingBackground
    let runtime: AppRuntime
    /// Apple Health (the phone's app writes to it when the person turned it on).
    let health = RecordingHealthStore()
    let healthPreferences = MemoryHealthPreferences()
    let healthWriter: HealthWriter
    private let clock: TestClock
    /// The paired watch, made when a test first uses it.
    private(set) var pairedWatch: PairedWatch?
    /// What the paired watch's fakes may be asked, and where the test said so.
    private let wristExpecting: Set<PlatformLog.Surface>
    private let sourceLocation: SourceLocation

    init(
        _ harness: ServiceHarness, capabilities: DeviceCapabilities = .phoneApp, notifications: RecordingNotificationCenter = RecordingNotificationCenter(),
        liveActivities: RecordingLiveActivities = RecordingLiveActivities(), watch: RecordingWatch = RecordingWatch(), runner: (any SyncRunner)? = nil,
        report: @escaping @Sendable () -> DeviceReport = { .everything },
        expecting: Set<PlatformLog.Surface> = [], wristExpecting: Set<PlatformLog.Surface> = [], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        // What this process cannot reach fails the test when asked of it (the plan must never).
        log = PlatformLog(expecting: expecting, capabilities: capabilities, sourceLocation: sourceLocation)
        self.wristExpecting = wristExpecting
        self.sourceLocation = sourceLocation
        self.notifications = notifications
        self.liveActivities = liveActivities
        self.watch = watch
        notifications.log = log
        liveActivities.log = log
        watch.log = log
        widgets = RecordingWidgets(log: log, budget: harness.widgetBudget)
        let store = harness.store, widgetClock = harness.clock, focus = harness.focus
        widgets.readStore = { try? await WidgetSnapshotReader(store: store, now: { widgetClock.now }, focus: focus.value).snapshot() }
        sync = RecordingSyncRunner(log: log)
        signal = RecordingSignal(log: log)
        background = RecordingBackground(log: log)
        let clock = harness.clock, ids = harness.ids
        self.clock = clock
        // A new process has its own service over the same (App Group) store.
        let service = SessionService(store: harness.store, now: { clock.now }, makeID: { ids() })
        let app = !capabilities.isExtension
        health.log = log
        healthWriter = HealthWriter(store: harness.store, health: health, preferences: healthPreferences)
        let platform = RuntimePlatform(
            capabilities: capabilities, notifications: notifications,
            liveActivities: app ? liveActivities : UnavailableLiveActivities(),
            widgets: widgets, watch: app ? watch : UnavailableWatch(), sync: app ? runner ?? sync : NoSync(),
            signal: signal, background: background, now: { clock.now },
            // Writes are pushed at once after the (zero) pause; `settled()` waits for that.
            syncDebounce: .zero, sleep: { _ in },
            watchLinkServer: app ? WatchLinkServer(store: harness.store, ledger: harness.watchLedger, now: { clock.now }) : nil,
            health: capabilities.appleHealth ? healthWriter : nil,
            focusFilter: { focus.value }, report: report
        )
        runtime = AppRuntime(service: service, platform: platform)
        let runtime = runtime
        widgets.appInFront = { runtime.isActive }
        liveActivities.appInFront = { runtime.isActive }
        liveActivities.now = { clock.now }
        // The open screens: every change they hear of is logged.
        let log = log
        runtime.screenUpdates.observe { change in
            log.record(.screens, "change (past sessions \(change.pastSessionsChanged ? "changed" : "same"))")
            return true
        }
    }

    /// The paired watch (its own store and runtime, this phone its backend), after a pull.
    func watchSees() async throws -> DeviceState {
        try await (await makeWatch()).pulled()
    }

    /// The person does `action` on the watch, which has pulled this phone's records first and
    /// pushes its change to this phone after.
    @discardableResult
    func onWatch(_ action: SessionAction) async throws -> ActionResult {
        let watch = await makeWatch()
        _ = try await watch.pulled()
        let result = try await watch.runtime.send(action)
        await watch.settled()
        return result
    }

    /// The paired watch, its app open in front (made and opened the first time).
    private func makeWatch() async -> PairedWatch {
        if let pairedWatch { return pairedWatch }
        let watch = PairedWatch(clock: clock, phone: runtime, expecting: wristExpecting, sourceLocation: sourceLocation)
        pairedWatch = watch
        await watch.open()
        return watch
    }

    /// Waits until every sync the runtime asked for has run.
    func settled() async {
        await runtime.handle(.settle)
    }
}
