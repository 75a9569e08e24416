import Foundation

/// What the device says it has now, which the process's declared capabilities cannot know when it
/// starts: Live Activities turned on for the app (Settings › Waterline), a paired watch with the
/// app installed, Apple Health on this device. The runtime reads it at every event, and
/// `.deviceChanged` shows everything again when the device says it changed.
public struct DeviceReport: Hashable, Sendable {
    public var liveActivitiesEnabled: Bool
    public var watchAppInstalled: Bool
    public var healthAvailable: Bool

    public init(liveActivitiesEnabled: Bool, watchAppInstalled: Bool, healthAvailable: Bool) {
        self.liveActivitiesEnabled = liveActivitiesEnabled
        self.watchAppInstalled = watchAppInstalled
        self.healthAvailable = healthAvailable
    }

    /// Everything present: where nothing reports (an extension, the command line, the watch),
    /// the declared capabilities stand as they are.
    public static let everything = DeviceReport(liveActivitiesEnabled: true, watchAppInstalled: true, healthAvailable: true)
}

extension DeviceCapabilities {
    /// These capabilities as far as the device has them now: a surface it reports missing is
    /// not planned (no Live Activity asked for while they are off, no delivery to a watch without
    /// the app, no Health writes where Health is missing).
    public func reported(_ report: DeviceReport) -> DeviceCapabilities {
        var shown = self
        shown.liveActivities = liveActivities && report.liveActivitiesEnabled
        shown.pairedWatch = pairedWatch && report.watchAppInstalled
        shown.appleHealth = appleHealth && report.healthAvailable
        return shown
    }
}
