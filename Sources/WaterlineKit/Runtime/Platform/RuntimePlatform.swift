import Foundation

/// Everything the runtime needs from the operating system, injected in one value.
@MainActor
public struct RuntimePlatform {
    public var notifications: any NotificationCenterClient
    public var liveActivities: any LiveActivityClient
    public var widgets: any WidgetReloading
    public var watch: any WatchTransport
    public var sync: any SyncTrigger
    public var signal: any CrossProcessSignal
    public var background: any BackgroundTaskHolder
    public var now: @Sendable () -> Date

    public init(
        notifications: any NotificationCenterClient, liveActivities: any LiveActivityClient, widgets: any WidgetReloading,
        watch: any WatchTransport, sync: any SyncTrigger, signal: any CrossProcessSignal,
        background: any BackgroundTaskHolder, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.notifications = notifications
        self.liveActivities = liveActivities
        self.widgets = widgets
        self.watch = watch
        self.sync = sync
        self.signal = signal
        self.background = background
        self.now = now
    }
}
