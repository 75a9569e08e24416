import WaterlineCore

/// The phone's end of the watch link, as the runtime uses it; the app wraps `WCSession`. The
/// watch asks (its pushes and pulls reach `AppRuntime`'s `.watchMessage` input); the phone only
/// tells it when something changed, so it pulls.
@MainActor
public protocol WatchTransport: AnyObject {
    /// Starts the link, at launch, so the watch's messages can arrive with no window open.
    func activate()
    /// A paired watch with the app installed is there to talk to.
    var isAvailable: Bool { get }
    /// Tells the watch the phone's records changed: at once when its app is in reach, else as the
    /// latest application context, which the system hands the watch app when it next runs.
    func phoneChanged(_ notice: PhoneNotice)
}
