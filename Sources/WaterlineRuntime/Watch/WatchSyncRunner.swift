import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage
import WaterlineSync

/// The watch's sync: the very `SyncEngine` the phone runs against the cloud, with the phone as its
/// backend over their typed link (`PhoneBackend`), and what the phone delivers unasked
/// (`receive(_:)`), merged by the same rules as a pulled page. The watch holds its phone's
/// person's records. When the phone holds another person's: if the phone erased the one before
/// on purpose ("Delete Account", starting clean: `User.erasedBefore`), the watch erases its own
/// copy too, so what was deleted does not live on on the wrist; after any other change (a new
/// iPhone, the app set up anew) nothing on the wrist is lost: every record the watch keeps goes to
/// the phone's person, as a phone's does when it keeps its data for a newly signed-in account.
public struct WatchSyncRunner: SyncRunner {
    private let engine: SyncEngine
    private let phone: PhoneBackend
    private let link: any PhoneLink
    private let store: any SyncStore
    private let now: @Sendable () -> Date
    private let makeID: @Sendable () -> UUID

    /// What taking one delivery did.
    public struct Receipt: Hashable, Sendable {
        /// Records here changed (merged versions, settled changes): every surface follows.
        public var wrote: Bool
        /// The place the watch holds the phone's changes up to, when the delivery came after a gap
        /// (the phone was asked to deliver again from it).
        public var resendAfter: Int?
    }

    /// - Parameters:
    ///   - ledger: where the changes transferred to the phone are remembered until it takes them.
    ///   - clock: how the engine waits between retries; it retries none (a phone out of reach
    ///     stays so until the link says otherwise, and `AppRuntime.phoneReachabilityChanged` syncs).
    public init(
        store: any SyncStore, link: any PhoneLink, ledger: any LinkLedgerStorage, now: @escaping @Sendable () -> Date,
        makeID: @escaping @Sendable () -> UUID, clock: any SyncClock = SystemSyncClock()
    ) {
        phone = PhoneBackend(link: link, transfers: WatchTransfers(storage: ledger))
        engine = SyncEngine(
            store: store, client: phone, credentials: PairedPhoneAccount(store: store), clock: clock,
            backoff: Backoff(maxRetries: 0), pageSize: WatchLinkServer.pageSize
        )
        self.link = link
        self.store = store
        self.now = now
        self.makeID = makeID
    }

    /// What the last pull or push left: how much waits for the phone.
    public func status() async -> SyncStatus {
        await engine.status
    }

    /// The changes transferred to the phone and not yet taken, oldest first.
    public func transferred() async -> [SyncPayload] {
        await phone.transfers.waiting
    }

    /// Asks the phone whose records it holds (following it when that changed), then pulls and pushes.
    public func pull() async -> SyncReport {
        guard (try? await ensureUser()) != nil else { return await engine.pull() }
        let person: (id: UUID, erasedBefore: UUID?)
        do {
            person = try await phone.person()
        } catch {
            // Out of reach: what waits is still offered, and transferred to the phone, once the
            // watch knows whose it is (before the first contact it waits, "signed out").
            return await transferringBacklog(await engine.push())
        }
        _ = try? await follow(person: person.id, erasedBefore: person.erasedBefore)
        return await engine.pull()
    }

    /// Pushes what waits; before the phone was ever reached, a pull first learns whose it is.
    /// The cursor names the phone's person, who is the watch's account: it is read once here, and
    /// what waits counted, so a push with nothing to send (the one as the app leaves the front,
    /// after the change went already) costs two reads of the store.
    public func push() async -> SyncReport {
        guard (try? await store.syncCursor()) != nil else { return await pull() }
        guard let waiting = try? await store.outboxCounts() else { return await transferringBacklog(await engine.push()) }
        return await transferringBacklog(await engine.push(forHeldAccount: waiting))
    }

    /// A push offers the phone one batch; when it could not be messaged, what waits past that
    /// batch is transferred too (a session of more changes than a batch made away from the phone),
    /// each change once as ever.
    private func transferringBacklog(_ report: SyncReport) async -> SyncReport {
        guard report.status.phase == .offline, report.status.pendingCount > Limits.pushBatch,
              let waiting = try? await store.pendingChanges()
        else { return report }
        await phone.transfers.queue(waiting.filter { !$0.isFailed }.map(\.payload), on: link)
        return report
    }

    public func releaseRefusals() async -> Int {
        await engine.releaseRefusals()
    }

    /// Takes what the phone delivered: whose records they are (an erase followed), what it took of
    /// the watch's transfers (settled as a push's answer is), and its records, merged as a pulled
    /// page is. The watch's place in the phone's feed moves on only when the page follows what it
    /// holds; after a gap the records are merged all the same and the phone is asked to deliver
    /// again from the watch's place.
    public func receive(_ delivery: PhoneDelivery) async -> Receipt {
        do {
            try await ensureUser()
            var wrote = try await follow(person: delivery.person, erasedBefore: delivery.erasedBefore)
            wrote = try await settle(delivery.taken) || wrote
            let held = try await store.syncCursor()?.position
            let position = held ?? 0
            let follows = delivery.after.map { $0 <= position } ?? false
            let reached = follows ? max(position, delivery.page.cursor) : held
            let applied = try await store.applyPage(delivery.page.changes, cursor: SyncCursor(accountId: delivery.person, position: reached))
            wrote = wrote || !applied.replaced.isEmpty
            var resend: Int?
            if !applied.unplaced.isEmpty, follows {
                // A log came without its session: the place stays, and the page comes again.
                try await store.saveSyncCursor(SyncCursor(accountId: delivery.person, position: held))
                resend = position
            } else if !delivery.isLatestState, !follows {
                resend = position
            }
            if let resend { await phone.transfers.askResend(after: resend, on: link) }
            return Receipt(wrote: wrote, resendAfter: resend)
        } catch {
            return Receipt(wrote: true, resendAfter: nil)
        }
    }

    /// The phone took these transferred changes: each still standing as sent leaves the outbox
    /// with the version the phone keeps (or is marked refused), and none is transferred again.
    private func settle(_ taken: [TakenChange]) async throws -> Bool {
        guard !taken.isEmpty else { return false }
        await phone.transfers.taken(taken.map(\.sent))
        var waiting: [SyncKey: PendingChange] = [:]
        for change in try await store.pendingChanges() { waiting[change.id] = change }
        let pushed = taken.compactMap { change -> PushedChange? in
            guard let pending = waiting[change.sent.key], pending.payload == change.sent else { return nil }
            let refusal = change.outcome.ok ? nil : "\(change.outcome.code ?? ErrorCode.internal.rawValue): \(change.outcome.message ?? "")"
            return PushedChange(key: pending.id, revision: pending.revision, stored: change.outcome.change, failure: refusal, sent: change.sent)
        }
        guard !pushed.isEmpty else { return false }
        _ = try await store.settle(pushed)
        return true
    }

    /// Follows the phone's person: the same records, an erase, or another person's. Returns
    /// whether the watch's records changed.
    private func follow(person: UUID, erasedBefore: UUID?) async throws -> Bool {
        let known = try await store.syncCursor()?.accountId
        guard known != person else { return false }
        var erased = false
        if let known, known == erasedBefore {
            // The phone erased that person's records: so does the watch (the cursor goes too).
            // What the watch showed went with the erased records' feed: the runtime's next look
            // at the feed finds it begun again, and shows everything.
            try await store.deleteAll()
            try await ensureUser()
            erased = true
        } else if known != nil {
            // Another iPhone, or one set up anew: what the watch keeps goes to its person.
            try await store.requeueAll()
        }
        try await store.saveSyncCursor(SyncCursor(accountId: person, position: nil))
        return erased
    }

    /// A person with the defaults, and the starter presets, as the session service sets one up.
    private func ensureUser() async throws {
        guard try await store.user() == nil else { return }
        try await store.setUp(User(id: makeID(), createdAt: now(), settings: UserSettings()))
    }
}
