#if os(iOS)
import ActivityKit
import Foundation
import WaterlineCore

/// The Live Activity's attributes, shared by the app (which starts it) and the widget extension (which draws it).
/// `ContentState` is the core's `SessionGlance`.
public struct WaterlineActivityAttributes: ActivityAttributes {
    public typealias ContentState = SessionGlance

    public var sessionId: UUID
    public var startTime: Date

    public init(sessionId: UUID, startTime: Date) {
        self.sessionId = sessionId
        self.startTime = startTime
    }
}

// `SessionGlance` is already Codable and Hashable, which is all ActivityKit asks; its times
// (stale, dismissal) are `LiveActivityTiming`'s.
#endif
