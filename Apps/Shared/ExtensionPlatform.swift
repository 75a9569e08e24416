#if os(iOS)
import WaterlineRuntime

extension RuntimePlatform {
    /// What an extension's process (intents, widgets) may use: notifications and widget reloads;
    /// no Live Activity, no watch link, no sync. It signals the app, which does the rest when it
    /// runs (at once if it is running, else at its next activation).
    public static func extensionProcess() -> RuntimePlatform {
        RuntimePlatform(
            capabilities: .phoneExtension, notifications: SystemNotificationCenter(), liveActivities: UnavailableLiveActivities(),
            widgets: SystemWidgetReloader(), watch: UnavailableWatch(), sync: NoSync(),
            signal: DarwinStoreSignal(), background: NoBackgroundTasks(), focusFilter: { FocusFilterStore.load() }
        )
    }
}
#endif
