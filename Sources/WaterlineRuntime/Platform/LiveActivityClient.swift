import Foundation
import WaterlineCore

/// The session's Live Activity as the runtime uses it; the app wraps ActivityKit, an
/// extension's process (which may not touch Live Activities) passes `UnavailableLiveActivities`.
@MainActor
public protocol LiveActivityClient: AnyObject {
    /// The sessions whose Live Activity is on screen now.
    func runningSessionIds() -> [UUID]
    /// Starts one; false when the system refused (activities off, app in the background outside
    /// a Live Activity intent, or an extension's process). The runtime tries again at activation.
    func start(_ state: SessionGlance) async -> Bool
    func update(_ state: SessionGlance) async
    /// Ends the session's activity, showing `finalState` when there is one.
    func end(sessionId: UUID, finalState: SessionGlance?) async
}
