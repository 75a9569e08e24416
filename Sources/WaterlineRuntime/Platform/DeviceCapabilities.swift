import WaterlineCore

/// What the device and process a runtime runs in have, built once where the process starts (the
/// phone's app, each of its extensions, the watch app, the command line). The consequence plan
/// reads it, so a surface a process lacks is never planned (no Live Activity on the wrist or in a
/// terminal), and a log's source follows from the device and the origin in one place.
public struct DeviceCapabilities: Hashable, Sendable {
    /// The kind of device the process runs on.
    public enum Device: String, Hashable, Sendable {
        case phone, watch, computer
    }

    public var device: Device
    /// An extension's process (widgets, intents): it syncs nothing itself and signals the app
    /// after it writes to the shared store.
    public var isExtension: Bool
    /// Live Activities and the Dynamic Island (the phone's app alone starts and updates them).
    public var liveActivities: Bool
    /// Home and Lock Screen widgets, or the watch face's complications.
    public var widgets: Bool
    /// A paired watch that may run the app, told when the records change.
    public var pairedWatch: Bool
    /// A paired phone that is this device's backend (the watch).
    public var pairedPhone: Bool
    /// The system's notifications (reminders scheduled, nudges posted).
    public var notifications: Bool
    /// Apple Health's writer (`HealthWriter`): the phone's app alone writes, so nothing counts twice.
    public var appleHealth: Bool
    /// The app asks the system to wake it at a date of its choosing (the watch app), and keeps
    /// its reminders and face current in that time.
    public var backgroundRefresh: Bool

    public init(
        device: Device, isExtension: Bool = false, liveActivities: Bool = false, widgets: Bool = false,
        pairedWatch: Bool = false, pairedPhone: Bool = false, notifications: Bool = false, appleHealth: Bool = false,
        backgroundRefresh: Bool = false
    ) {
        self.device = device
        self.isExtension = isExtension
        self.liveActivities = liveActivities
        self.widgets = widgets
        self.pairedWatch = pairedWatch
        self.pairedPhone = pairedPhone
        self.notifications = notifications
        self.appleHealth = appleHealth
        self.backgroundRefresh = backgroundRefresh
    }

    /// The iPhone app's process, in front or started in the background.
    public static let phoneApp = DeviceCapabilities(
        device: .phone, liveActivities: true, widgets: true, pairedWatch: true, notifications: true, appleHealth: true
    )
    /// A widget's or Siri's extension on the iPhone: no Live Activity (the app starts and updates
    /// it), no watch link, no sync of its own.
    public static let phoneExtension = DeviceCapabilities(device: .phone, isExtension: true, widgets: true, notifications: true)
    /// The watch app: its own notifications and complications, its phone as its backend.
    public static let watchApp = DeviceCapabilities(device: .watch, widgets: true, pairedPhone: true, notifications: true, backgroundRefresh: true)
    /// `waterline` in a terminal: no system surface at all.
    public static let commandLine = DeviceCapabilities(device: .computer)

    /// The system suspends the process soon after it goes to the background, so what it must
    /// push goes before it hands its time back. A terminal command ends when it is done instead,
    /// and an extension leaves sync to the app.
    public var suspendsInBackground: Bool { !isExtension && device != .computer }

    /// The source a log made here from `origin` is saved with: a widget's or a Live Activity's
    /// button on the phone names its surface; anything on the watch is the watch's; everything
    /// else (a screen, Siri, a notification, the banner, a terminal) is the phone's.
    public func logSource(for origin: ActionOrigin) -> LogSource {
        switch (device, origin) {
        case (.watch, _): .watch
        case (_, .widget): .widget
        case (_, .liveActivity): .liveActivity
        default: .phone
        }
    }
}
