#if canImport(ActivityKit) && os(iOS)
import ActivityKit
import Foundation
import WaterlineKit

/// The Live Activity's attributes, compiled into the app and the widget extension.
/// `ContentState` mirrors WaterlineKit's `LiveActivityState`.
struct WaterlineActivityAttributes: ActivityAttributes {
    typealias ContentState = LiveActivityState

    var sessionId: UUID
    var startTime: Date
}

/// `LiveActivityState` is already Codable and Hashable, which is all ActivityKit asks.
extension LiveActivityState {
    /// A forgotten activity stops looking live this long after its last update.
    static let staleAfter: TimeInterval = 2 * 60 * 60
}
#endif
