import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage

/// What the phone's app hands its watch, unasked (`PhoneDelivery`): every change of its feed after
/// the place it last delivered up to, once, and the latest of what the wrist needs now. The place
/// is kept in a ledger that outlives the app's process, so a relaunched phone goes on where it
/// stopped rather than deliver the session again; the watch says when it holds less than that (a
/// gap, or its records begun again), and the phone goes back to where the watch is.
@MainActor
public final class WatchDeliveries {
    /// Pages one delivery round may carry (a first contact brings up to this many of 100 changes).
    public static let maximumPages = 20
    /// The running session's newest logs the latest state carries (the feed's pages carry them all),
    /// enough to plan its reminders from: the application context stays small however long the session.
    public static let latestLogs = 24

    /// The place in the phone's feed the watch has been sent everything up to (`sent`), and where
    /// reading goes on (`read`, past changes the watch does not keep).
    struct Ledger: Codable, Hashable {
        var sent = 0
        var read = 0
    }

    /// What goes to the watch after one event.
    public struct Outgoing: Hashable, Sendable {
        /// Pages of the feed, in order, each to be transferred once.
        public var pages: [PhoneDelivery] = []
        /// The latest state, when it differs from the last one given.
        public var latest: PhoneDelivery?
    }

    private let store: any SyncStore
    private let storage: any LinkLedgerStorage
    private let window: TimeInterval
    private var ledger: Ledger
    /// The watch's transferred changes taken since the last delivery.
    private var taken: [TakenChange] = []
    private var lastLatest: PhoneDelivery?
    /// The session the last latest state carried: once it ends, its ended record goes once more.
    private var lastSession: UUID?

    public init(store: any SyncStore, ledger storage: any LinkLedgerStorage, window: TimeInterval = WatchLinkServer.window) {
        self.store = store
        self.storage = storage
        self.window = window
        ledger = storage.load().flatMap { try? JSONDecoder().decode(Ledger.self, from: $0) } ?? Ledger()
    }

    /// The watch's transferred changes the phone took, answered with the next delivery.
    public func took(_ changes: [TakenChange]) {
        taken += changes
    }

    /// The watch holds the phone's changes up to `place` only: deliver again from there.
    public func resend(after place: Int) {
        let place = max(place, 0)
        guard place < ledger.sent || place < ledger.read else { return }
        ledger = Ledger(sent: place, read: place)
        save()
    }

    /// What the watch lacks after the store moved on to `state` (nil: read it here), as of `now`;
    /// the latest state only when `latest`.
    /// - Parameter focus: the Focus filter this phone is under, which the latest state carries.
    public func next(state: DeviceState?, latest includesLatest: Bool = true, focus: FocusFilter? = nil, now: Date) async -> Outgoing {
        guard let user = try? await store.user() else { return Outgoing() }
        var outgoing = Outgoing()
        let sessionsSince = now.addingTimeInterval(-window)
        let before = ledger
        for _ in 0..<Self.maximumPages {
            guard let page = try? await store.peerChanges(after: ledger.read, limit: WatchLinkServer.pageSize, sessionsSince: sessionsSince) else { break }
            if !page.changes.isEmpty || !taken.isEmpty {
                outgoing.pages.append(PhoneDelivery(person: user.id, erasedBefore: user.erasedBefore, after: ledger.sent, page: page, taken: taken))
                taken = []
                ledger.sent = page.cursor
            }
            ledger.read = page.cursor
            guard page.hasMore else { break }
        }
        if ledger != before { save() }
        if includesLatest { outgoing.latest = await latest(of: user, state: state, focus: focus) }
        return outgoing
    }

    /// Tonight's session (or the one that just ended), the settings and presets, at the place sent.
    private func latest(of user: User, state given: DeviceState?, focus: FocusFilter?) async -> PhoneDelivery? {
        var records: [SyncPayload] = []
        let settings = given?.settings ?? user.settings
        if !settings.isUntouched { records.append(.settings(settings)) }
        let presets: [DrinkPreset]
        if let given { presets = given.presets } else { presets = (try? await store.presets()) ?? [] }
        records += presets.map { .preset($0.record) }
        // The running session and its logs in replay order: as the state gives them, or read.
        var running: (session: Session, logs: [LogEntry])?
        if let given {
            running = given.active.map { ($0.session, $0.logs) }
        } else if let active = try? await store.activeSession() {
            running = (active, (try? await store.logs(sessionId: active.id)) ?? [])
        }
        let sessionId = running?.session.id
        if let running {
            records.append(.session(running.session.record))
            records += running.logs.suffix(Self.latestLogs).map(SyncPayload.logEntry)
        }
        if sessionId == nil, let ended = lastSession, let endedSession = try? await store.session(id: ended) {
            // The session that ran when the last state went: it goes ended, so the wrist stops with it.
            records.append(.session(endedSession.record))
        }
        lastSession = sessionId
        let latest = PhoneDelivery(
            person: user.id, erasedBefore: user.erasedBefore, after: nil,
            page: PullPage(changes: records, cursor: ledger.sent, hasMore: false),
            focus: focus.flatMap { $0.isEmpty ? nil : $0 }
        )
        guard latest != lastLatest else { return nil }
        lastLatest = latest
        return latest
    }

    private func save() {
        if let data = try? JSONEncoder().encode(ledger) { storage.save(data) }
    }
}
