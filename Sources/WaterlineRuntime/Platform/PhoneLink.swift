import Foundation
import WaterlineAPI

/// The watch's end of the link to its phone, as the watch's sync uses it; the watch app wraps
/// `WCSession`. Called from the sync engine, off the main actor.
public protocol PhoneLink: Sendable {
    /// Sends `request` to the phone (`sendMessage`) and returns its answer. Throws unless the
    /// phone is reachable, which on watchOS holds only while the watch app is in front (or runs
    /// with a high priority in the background): a watch app woken in the background cannot
    /// message its phone (https://developer.apple.com/documentation/watchconnectivity/wcsession/isreachable).
    func send(_ request: LinkRequest) async throws -> LinkAnswer
    /// Leaves `requests` for the phone (`transferUserInfo`, one transfer each), delivered in the
    /// order sent even with either app not running; first cancels the outstanding pushes of
    /// `cancelling` not yet delivered (a newer version of their record replaces them). The phone
    /// answers in its next delivery (https://developer.apple.com/documentation/watchconnectivity/wcsession/transferuserinfo(_:)).
    func transfer(_ requests: [LinkRequest], cancelling: [SyncPayload]) async
}
