import WaterlineAPI

/// The phone's end of the watch link, as the runtime uses it; the app wraps `WCSession`. The
/// watch's messages and transfers reach `AppRuntime`'s `.watchMessage` input; what the phone
/// changed goes to the watch unasked (`WatchDeliveries`), since a watch app woken in the
/// background cannot ask.
@MainActor
public protocol WatchTransport: AnyObject {
    /// Starts the link, at launch, so the watch's messages can arrive with no window open.
    func activate()
    /// A paired watch with the app installed is there to talk to.
    var isAvailable: Bool { get }
    /// How many complication transfers today's budget has left: 50 a day while the complication
    /// is on the active face, 0 when it is not
    /// (https://developer.apple.com/documentation/watchconnectivity/wcsession/remainingcomplicationuserinfotransfers).
    var complicationTransfersLeft: Int { get }
    /// A page of the phone's changes, queued once (`transferUserInfo`): delivered in order, in
    /// the background or at the watch app's next launch.
    func transfer(_ delivery: PhoneDelivery)
    /// The latest of what the wrist needs, replacing the last (`updateApplicationContext`).
    func updateLatest(_ delivery: PhoneDelivery)
    /// The latest state for the complication (`transferCurrentComplicationUserInfo`), which wakes
    /// the watch app to show it; within the day's budget.
    func transferForComplication(_ delivery: PhoneDelivery)
}
