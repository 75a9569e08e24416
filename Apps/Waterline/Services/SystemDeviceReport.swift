import ActivityKit
import Foundation
import HealthKit
import WatchConnectivity
import WaterlineRuntime

/// What this iPhone has now, for `RuntimePlatform.report` (read at every event): Live Activities
/// turned on for the app, a paired watch with the app installed, Apple Health. The app tells the
/// runtime when one changes (`.deviceChanged`): the watch's state through `WatchConnectivityService`,
/// Live Activities through `watchLiveActivities(runtime:)`.
enum SystemDeviceReport {
    static func current() -> DeviceReport {
        let session = WCSession.isSupported() ? WCSession.default : nil
        return DeviceReport(
            liveActivitiesEnabled: ActivityAuthorizationInfo().areActivitiesEnabled,
            watchAppInstalled: session.map { $0.activationState == .activated && $0.isPaired && $0.isWatchAppInstalled } ?? false,
            healthAvailable: HKHealthStore.isHealthDataAvailable()
        )
    }

    /// Live Activities turned on or off for the app in Settings: the runtime shows everything
    /// again (a session's Live Activity starts once they are on and the app is in front).
    @MainActor
    static func watchLiveActivities(runtime: AppRuntime) -> Task<Void, Never> {
        Task {
            for await _ in ActivityAuthorizationInfo().activityEnablementUpdates {
                await runtime.handle(.deviceChanged)
            }
        }
    }
}
