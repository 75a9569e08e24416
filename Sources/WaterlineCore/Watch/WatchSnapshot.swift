import Foundation

/// The phone's latest word to the watch: the night as it stands, the presets to offer, which
/// of the watch's requests it has taken in, and which it refused and why.
public struct WatchSnapshot: Codable, Hashable, Sendable {
    /// nil when no night is running.
    public var session: SessionGlance?
    public var presets: [DrinkPreset]
    public var defaultWaterAmountOz: Double
    public var warningThreshold: Int
    /// The ids of the night's logs, and of the watch requests the phone has handled lately:
    /// the watch stops counting an optimistic log once its id is in either.
    public var logIds: [UUID]
    public var handledRequestIds: [UUID]
    /// Requests the phone refused lately (nothing was written for them).
    public var refusals: [WatchRefusal]
    /// When the phone made it; the watch keeps the newest.
    public var sentAt: Date

    public init(
        session: SessionGlance?, presets: [DrinkPreset], defaultWaterAmountOz: Double, warningThreshold: Int = 2,
        logIds: [UUID] = [], handledRequestIds: [UUID] = [], refusals: [WatchRefusal] = [], sentAt: Date
    ) {
        self.session = session
        self.presets = presets
        self.defaultWaterAmountOz = defaultWaterAmountOz
        self.warningThreshold = warningThreshold
        self.logIds = logIds
        self.handledRequestIds = handledRequestIds
        self.refusals = refusals
        self.sentAt = sentAt
    }

    /// What the watch shows of `state`.
    public init(_ state: DeviceState, handledRequestIds: [UUID], refusals: [WatchRefusal], sentAt: Date) {
        self.init(
            session: state.active?.glance, presets: state.presets, defaultWaterAmountOz: state.settings.defaultWaterAmountOz,
            warningThreshold: state.settings.warningThreshold, logIds: state.active?.logs.map(\.id) ?? [],
            handledRequestIds: handledRequestIds, refusals: refusals, sentAt: sentAt
        )
    }

    private enum CodingKeys: String, CodingKey {
        case session, presets, defaultWaterAmountOz, warningThreshold, logIds, handledRequestIds, refusals, sentAt
    }

    /// A snapshot from a phone that sent no refusals (an earlier version) reads as none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        session = try container.decodeIfPresent(SessionGlance.self, forKey: .session)
        presets = try container.decode([DrinkPreset].self, forKey: .presets)
        defaultWaterAmountOz = try container.decode(Double.self, forKey: .defaultWaterAmountOz)
        warningThreshold = try container.decodeIfPresent(Int.self, forKey: .warningThreshold) ?? UserSettings().warningThreshold
        logIds = try container.decodeIfPresent([UUID].self, forKey: .logIds) ?? []
        handledRequestIds = try container.decodeIfPresent([UUID].self, forKey: .handledRequestIds) ?? []
        refusals = try container.decodeIfPresent([WatchRefusal].self, forKey: .refusals) ?? []
        sentAt = try container.decode(Date.self, forKey: .sentAt)
    }
}
