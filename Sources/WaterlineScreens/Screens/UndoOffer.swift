import Foundation
import WaterlineCore

/// The "Undo" banner after a quick log: which log, and until when it may be undone.
public struct UndoOffer: Hashable, Sendable {
    public static let duration: TimeInterval = 5

    public var log: LogEntry
    public var expiresAt: Date
    /// Kept until used or replaced: VoiceOver is running, and a banner that leaves by itself
    /// may leave before it was reached.
    public var isHeld = false

    public init(log: LogEntry, offeredAt: Date) {
        self.log = log
        self.expiresAt = offeredAt.addingTimeInterval(Self.duration)
    }

    /// The offer after `result`: its log when the action wrote a new one; nil otherwise (a repeat
    /// that wrote nothing, a delete).
    public static func after(_ result: ActionResult, at now: Date) -> UndoOffer? {
        guard let log = result.changedLog, log.deletedAt == nil, result.changed else { return nil }
        return UndoOffer(log: log, offeredAt: now)
    }

    /// Whether Undo may still be tapped at `now`.
    public func isOpen(at now: Date) -> Bool { isHeld || expiresAt > now }

    /// "Logged water", "Logged Beer".
    public var message: String {
        switch log.type {
        case .water: KitText.string(KitStrings.undoWater)
        case .alcohol: KitText.string(KitStrings.undoDrink, .text((log.alcoholMeta ?? .standardDrink).drinkType.displayName.lowercased()))
        }
    }
}
