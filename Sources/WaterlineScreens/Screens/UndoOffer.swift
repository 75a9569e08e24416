import Foundation
import WaterlineCore

/// The "Undo" banner after a quick log: which log, and until when it may be undone.
public struct UndoOffer: Hashable, Sendable {
    public static let duration: TimeInterval = 5

    public var log: LogEntry
    public var expiresAt: Date

    public init(log: LogEntry, offeredAt: Date) {
        self.log = log
        self.expiresAt = offeredAt.addingTimeInterval(Self.duration)
    }

    /// "Logged water", "Logged Beer".
    public var message: String {
        switch log.type {
        case .water: KitText.string(KitStrings.undoWater)
        case .alcohol: KitText.string(KitStrings.undoDrink, .text((log.alcoholMeta ?? .standardDrink).drinkType.displayName.lowercased()))
        }
    }
}
