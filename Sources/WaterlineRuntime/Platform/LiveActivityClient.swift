import Foundation
import WaterlineCore

/// The session's Live Activity as the runtime uses it; the app wraps ActivityKit, an
/// extension's process (which may not touch Live Activities) passes `UnavailableLiveActivities`.
@MainActor
public protocol LiveActivityClient: AnyObject {
    /// The sessions whose Live Activity is on screen now and running (active or stale).
    func runningSessionIds() -> [UUID]
    /// The sessions whose Live Activity ended but is still on the Lock Screen: iOS ends one at its
    /// eighth hour and keeps an ended one, buttons and all, up to four hours
    /// (https://developer.apple.com/documentation/activitykit/activityuidismissalpolicy/default).
    func endedSessionIds() -> [UUID]
    /// Starts one; false when the system refused (activities off, app in the background outside
    /// a Live Activity intent, or an extension's process). The runtime tries again at activation.
    func start(_ state: SessionGlance) async -> Bool
    func update(_ state: SessionGlance) async
    /// Ends the session's activity, showing `finalState` when there is one.
    func end(sessionId: UUID, finalState: SessionGlance?) async
    /// Takes the session's ended activity off the Lock Screen now (ended again with `.immediate`:
    /// https://developer.apple.com/documentation/activitykit/activityuidismissalpolicy/immediate).
    func dismissEnded(sessionId: UUID) async
}
