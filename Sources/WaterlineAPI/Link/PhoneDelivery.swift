import Foundation
import WaterlineCore

/// What the phone hands its watch without being asked: a watch app woken in the background
/// cannot message the phone (`WCSession.isReachable` is false there), so nothing the wrist needs
/// may wait for the watch to ask.
///
/// It travels three ways: each page of the phone's change feed once, first in, first out
/// (`transferUserInfo`, delivered in the background and at a cold launch); the latest of what the
/// wrist needs now (tonight's session, the settings and presets its reminders and face are planned
/// from) as the application context, which replaces the last; and that same latest state as the
/// complication's transfer while the complication is on the face. Every record in it is merged
/// by the rules any pulled record is (last write wins, deleting is final), so a copy arriving
/// twice, late or out of order changes nothing.
public struct PhoneDelivery: Codable, Hashable, Sendable {
    /// Whose records the phone holds, and the person whose records it erased on purpose before
    /// them (`User.erasedBefore`): the watch follows the same rule as when it pulls.
    public var person: UUID
    public var erasedBefore: UUID?
    /// The place in the phone's change feed the page follows: the watch takes `page.cursor` as its
    /// own place only when it holds everything up to here. nil for the latest state, which is not
    /// a page of the feed and moves no place.
    public var after: Int?
    /// The records, and the place in the phone's feed they bring the watch to.
    public var page: PullPage
    /// The watch's transferred changes the phone took since its last delivery, each with what it
    /// keeps: the watch settles them as it settles a push's answer, and never sends them again.
    public var taken: [TakenChange]
    /// The Focus filter the phone is under now, carried with the latest state (nil: none, or a
    /// page of the feed). A Focus set on the iPhone holds on the paired watch too, but watchOS
    /// offers no place to set a Focus filter for an app, so the wrist follows its phone's: its
    /// reminders and face are as discreet as the phone's while the filter holds.
    public var focus: FocusFilter?

    public init(person: UUID, erasedBefore: UUID?, after: Int?, page: PullPage, taken: [TakenChange] = [], focus: FocusFilter? = nil) {
        self.person = person
        self.erasedBefore = erasedBefore
        self.after = after
        self.page = page
        self.taken = taken
        self.focus = focus
    }

    /// The latest state rather than a page of the feed.
    public var isLatestState: Bool { after == nil }
}

/// One change the watch transferred and the phone took, with the phone's outcome for it.
public struct TakenChange: Codable, Hashable, Sendable {
    /// The change exactly as the watch sent it: the watch settles it only if its record still
    /// stands so (an edit made since stays to be sent).
    public var sent: SyncPayload
    public var outcome: ChangeOutcome

    public init(sent: SyncPayload, outcome: ChangeOutcome) {
        self.sent = sent
        self.outcome = outcome
    }
}
