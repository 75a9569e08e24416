import Foundation
import WaterlineCore

/// A screen's Undo banner: offered after a quick log, held while VoiceOver runs, gone when its
/// time ran out, and taken back at most once. Home and the Active Session screen share it.
struct UndoSlot: Hashable, Sendable {
    private(set) var offer: UndoOffer?

    init() {}

    /// Offers Undo for the log `result` wrote (nothing for a change that wrote none).
    mutating func offer(after result: ActionResult, at now: Date) {
        if let new = UndoOffer.after(result, at: now) { offer = new }
    }

    /// Undo was tapped at `now`: the log to delete while the offer stands; the banner goes either way.
    mutating func take(at now: Date) -> LogEntry? {
        defer { offer = nil }
        guard let offer, offer.isOpen(at: now) else { return nil }
        return offer.log
    }

    /// VoiceOver is running: the offer stays until used or replaced.
    mutating func hold() {
        offer?.isHeld = true
    }

    /// The banner's timer fired at `now`.
    mutating func expire(at now: Date) {
        if let offer, !offer.isOpen(at: now) { self.offer = nil }
    }

    /// The offer goes (the night ended, the log was deleted another way, the screen moved on).
    mutating func clear(ifFor logId: UUID? = nil) {
        guard logId == nil || offer?.log.id == logId else { return }
        offer = nil
    }
}
