import Foundation
import WaterlineCore
import WaterlineSync

/// Everything the runtime needs from the operating system, injected in one value.
@MainActor
public struct RuntimePlatform {
    /// What this process is built to have (the phone's app: Live Activities, a watch, Health).
    public var declaredCapabilities: DeviceCapabilities
    /// What the device has now (`DeviceReport`), read at every event.
    public var report: @Sendable () -> DeviceReport
    /// What this process has now: the plan never asks for a surface it lacks.
    public var capabilities: DeviceCapabilities { declaredCapabilities.reported(report()) }
    public var notifications: any NotificationCenterClient
    public var liveActivities: any LiveActivityClient
    public var widgets: any WidgetReloading
    public var watch: any WatchTransport
    /// Pulls and pushes; the runtime's scheduler decides when.
    public var sync: any SyncRunner
    public var signal: any CrossProcessSignal
    public var background: any BackgroundTaskHolder
    /// Wakes the app at a date of its choosing (the watch; nothing elsewhere).
    public var refresh: any BackgroundRefreshScheduling
    public var now: @Sendable () -> Date
    /// How long local writes must pause before they are pushed, and how the runtime waits.
    public var syncDebounce: Duration
    public var sleep: @Sendable (Duration) async -> Void
    /// The phone's app: answers its watch's sync from this device's store, and delivers to it
    /// (nil elsewhere).
    public var watchLinkServer: WatchLinkServer?
    /// The watch app: its sync with the phone, which takes the phone's deliveries (nil elsewhere).
    public var pairedPhone: WatchSyncRunner?
    /// The phone's app: Apple Health's writer (nil elsewhere, and where HealthKit is missing).
    public var health: HealthWriter?
    /// The Focus filter holding now, as the system last handed it (`SetFocusFilterIntent`, kept
    /// in the App Group); nil where there is none.
    public var focusFilter: @Sendable () -> FocusFilter?

    public init(
        capabilities: DeviceCapabilities, notifications: any NotificationCenterClient, liveActivities: any LiveActivityClient, widgets: any WidgetReloading,
        watch: any WatchTransport, sync: any SyncRunner, signal: any CrossProcessSignal,
        background: any BackgroundTaskHolder, now: @escaping @Sendable () -> Date = { Date() },
        syncDebounce: Duration = SyncScheduler.defaultDebounce,
        sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) },
        watchLinkServer: WatchLinkServer? = nil, pairedPhone: WatchSyncRunner? = nil, health: HealthWriter? = nil,
        refresh: any BackgroundRefreshScheduling = NoBackgroundRefresh(),
        focusFilter: @escaping @Sendable () -> FocusFilter? = { nil },
        report: @escaping @Sendable () -> DeviceReport = { .everything }
    ) {
        declaredCapabilities = capabilities
        self.report = report
        self.notifications = notifications
        self.liveActivities = liveActivities
        self.widgets = widgets
        self.watch = watch
        self.sync = sync
        self.signal = signal
        self.background = background
        self.now = now
        self.syncDebounce = syncDebounce
        self.sleep = sleep
        self.watchLinkServer = watchLinkServer
        self.pairedPhone = pairedPhone
        self.refresh = refresh
        self.health = health
        self.focusFilter = focusFilter
    }
}
