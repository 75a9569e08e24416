import Foundation

/// The phone's latest word to the watch: the session as it stands and the presets to offer.
public struct WatchSnapshot: Codable, Hashable, Sendable {
    /// nil when no session is active.
    public var session: LiveActivityState?
    public var presets: [DrinkPreset]
    public var defaultWaterAmountOz: Int
    /// When the phone made it; the watch keeps the newest.
    public var sentAt: Date

    public init(session: LiveActivityState?, presets: [DrinkPreset], defaultWaterAmountOz: Int, sentAt: Date) {
        self.session = session
        self.presets = presets
        self.defaultWaterAmountOz = defaultWaterAmountOz
        self.sentAt = sentAt
    }
}
