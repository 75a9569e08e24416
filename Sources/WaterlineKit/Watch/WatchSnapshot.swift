import Foundation

/// The phone's latest word to the watch: the session as it stands, the presets to offer, and
/// which of the watch's logs it has taken in.
public struct WatchSnapshot: Codable, Hashable, Sendable {
    /// nil when no session is active.
    public var session: LiveActivityState?
    public var presets: [DrinkPreset]
    public var defaultWaterAmountOz: Double
    public var warningThreshold: Int
    /// The ids of the session's logs, and of the watch requests the phone has handled lately:
    /// the watch stops counting an optimistic log once its id is in either.
    public var logIds: [UUID]
    public var handledRequestIds: [UUID]
    /// When the phone made it; the watch keeps the newest.
    public var sentAt: Date

    public init(
        session: LiveActivityState?, presets: [DrinkPreset], defaultWaterAmountOz: Double, warningThreshold: Int = 2,
        logIds: [UUID] = [], handledRequestIds: [UUID] = [], sentAt: Date
    ) {
        self.session = session
        self.presets = presets
        self.defaultWaterAmountOz = defaultWaterAmountOz
        self.warningThreshold = warningThreshold
        self.logIds = logIds
        self.handledRequestIds = handledRequestIds
        self.sentAt = sentAt
    }
}
