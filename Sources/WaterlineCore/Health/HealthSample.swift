import Foundation

/// What one log becomes in Apple Health: a water log a dietary water sample (millilitres), a
/// drink a "number of alcoholic beverages" sample (its standard drinks, so a double counts 2). The
/// log's id is the sample's sync identifier and its last change the sync version, so the same log
/// written again (an edit, another device's copy, a retry) replaces its sample instead of adding
/// one; a deleted log has no sample.
public struct HealthSample: Hashable, Sendable {
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case dietaryWater
        case alcoholicBeverages
    }

    public var kind: Kind
    /// Millilitres of water, or standard drinks.
    public var value: Double
    public var date: Date
    /// The log's id, lowercased.
    public var syncIdentifier: String
    /// The log's `updatedAt` in milliseconds: later versions replace earlier ones.
    public var syncVersion: Int

    public init(kind: Kind, value: Double, date: Date, syncIdentifier: String, syncVersion: Int) {
        self.kind = kind
        self.value = value
        self.date = date
        self.syncIdentifier = syncIdentifier
        self.syncVersion = syncVersion
    }

    /// The sample of `log`; nil for a deleted one (its sample goes).
    public init?(_ log: LogEntry) {
        guard log.deletedAt == nil else { return nil }
        switch log.type {
        case .water:
            guard let water = log.waterMeta else { return nil }
            kind = .dietaryWater
            value = VolumeConversion.milliliters(fromOunces: water.amountOz)
        case .alcohol:
            guard let drink = log.alcoholMeta else { return nil }
            kind = .alcoholicBeverages
            value = drink.standardDrinkEstimate
        }
        date = log.timestamp
        syncIdentifier = Self.syncIdentifier(of: log.id)
        syncVersion = Int((log.updatedAt.timeIntervalSince1970 * 1000).rounded())
    }

    public static func syncIdentifier(of id: UUID) -> String { id.uuidString.lowercased() }
}
