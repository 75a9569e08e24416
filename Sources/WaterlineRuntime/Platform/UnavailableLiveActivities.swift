import Foundation
import WaterlineCore

/// For processes that cannot start or see Live Activities (the intents and widget extensions):
/// every start is refused, so the app starts the activity when it is next active.
@MainActor
public final class UnavailableLiveActivities: LiveActivityClient {
    public init() {}
    public func runningSessionIds() -> [UUID] { [] }
    public func endedSessionIds() -> [UUID] { [] }
    public func start(_ state: SessionGlance) async -> Bool { false }
    public func update(_ state: SessionGlance) async {}
    public func end(sessionId: UUID, finalState: SessionGlance?) async {}
    public func dismissEnded(sessionId: UUID) async {}
}
