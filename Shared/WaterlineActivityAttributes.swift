#if canImport(ActivityKit) && os(iOS)
import ActivityKit
import Foundation
import WaterlineKit

/// The Live Activity's attributes, compiled into the app and the widget extension.
/// `ContentState` mirrors WaterlineKit's `SessionGlance`.
struct WaterlineActivityAttributes: ActivityAttributes {
    typealias ContentState = SessionGlance

    var sessionId: UUID
    var startTime: Date
}

/// `SessionGlance` is already Codable and Hashable, which is all ActivityKit asks.
extension SessionGlance {
    /// A forgotten activity stops looking live this long after its last update.
    static let staleAfter: TimeInterval = 2 * 60 * 60
}
#endif
