import Foundation
import Observation
import WaterlineCore

/// A screen's Undo banner, one for Home and the Active Session screen: offered after a quick log,
/// held while VoiceOver runs, gone when its time ran out, and taken back at most once (a delete
/// through the one door).
@Observable
@MainActor
public final class UndoController {
    public private(set) var offer: UndoOffer?
    @ObservationIgnored private let actions: any SessionActions

    init(actions: any SessionActions) {
        self.actions = actions
    }

    /// Offers Undo for the log `result` wrote (nothing for a change that wrote none).
    func offer(after result: ActionResult) {
        if let new = UndoOffer.after(result, at: actions.reader.now()) { offer = new }
    }

    /// Undo was tapped: deletes the log while the offer stands; the banner goes either way.
    func undo() async throws {
        defer { offer = nil }
        guard let offer, offer.isOpen(at: actions.reader.now()) else { return }
        try await actions.send(.deleteLog(id: offer.log.id))
    }

    /// VoiceOver is running: the banner stays until Undo or the next log, and Undo keeps working.
    public func held() {
        offer?.isHeld = true
    }

    /// The banner's timer fired (the view calls this when it does).
    public func expired() {
        if let offer, !offer.isOpen(at: actions.reader.now()) { self.offer = nil }
    }

    /// The offer goes (the session ended, the log was deleted another way, the screen moved on).
    func clear(ifFor logId: UUID? = nil) {
        guard logId == nil || offer?.log.id == logId else { return }
        offer = nil
    }
}
