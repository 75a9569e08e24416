import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage

/// Pushes the outbox to the backend in batches and pulls the account's changes after a cursor.
///
/// Network and server failures are retried with backoff; a change the backend refuses is
/// marked failed (its data stays on the device) and the rest go on — sent once more at each push
/// when the refusal depended on another record (`StoreRules.isRetried`); an authentication failure,
/// an expired token or a device holding another account's data stops sync until the person
/// acts. Nothing is ever dropped locally. A backend without `sync:*` is spoken to record by record.
///
/// It decides nothing about when to run: a runtime's `SyncScheduler` calls it (the app's, and
/// `waterline sync`'s), one call at a time, and its `SyncReport` says what it left.
public actor SyncEngine: SyncRunner {
    let store: any SyncStore
    let backend: any SyncBackend
    let credentials: (any CredentialStore)?
    let clock: any SyncClock
    let backoff: Backoff
    let random: @Sendable () -> Double
    let batchSize: Int
    let pageSize: Int
    let maximumPages: Int
    public private(set) var status = SyncStatus()
    /// Set when the backend answered UNKNOWN_FUNCTION for `sync:*` (an older server).
    var batchesUnsupported = false
    /// Set when the backend answered UNKNOWN_FUNCTION for `auth:renew` (an older server).
    var renewalUnsupported = false

    /// Pages one pull reads at most (two million changes, more than any account holds): a server
    /// that answers `hasMore` forever cannot keep the device pulling; the next pull goes on
    /// from the cursor reached.
    public static let maximumPagesPerPull = 2_000
    /// Logs whose session has not arrived, kept in memory across pages at most.
    public static let maximumUnplaced = 5_000

    /// The longest a drain waits in place when the backend asks to (`Retry-After`); a longer
    /// wait ends the call, and no call is made before it is over (`SyncStatus.waitingUntil`).
    public static let longestRetryWait: Double = 60

    /// How long before a session token expires the person is asked to sign in again (when
    /// renewing could not be done: an older backend, or a device away longer than a token lives).
    public static let renewalNotice: TimeInterval = 3 * 24 * 3600

    /// With less life left than this (half a 30-day token's), the token is renewed
    /// (`auth:renew`) before the calls: a device used every few weeks is never asked to sign in.
    public static let renewWithin: TimeInterval = 15 * 24 * 3600

    /// - Parameters:
    ///   - credentials: the kept session token (the same the client's token closure reads): its
    ///     expiry is checked before a call is made, and its user is the account the cursor belongs
    ///     to. Without it, the account is asked of the backend (`users:me`) at each pull.
    public init(
        store: any SyncStore,
        client: any SyncBackend,
        credentials: (any CredentialStore)? = nil,
        clock: any SyncClock = SystemSyncClock(),
        backoff: Backoff = Backoff(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        batchSize: Int = Limits.pushBatch,
        pageSize: Int = Limits.pullPage,
        maximumPagesPerPull: Int = SyncEngine.maximumPagesPerPull
    ) {
        self.store = store
        self.backend = client
        self.credentials = credentials
        self.clock = clock
        self.backoff = backoff
        self.random = random
        self.batchSize = max(1, min(batchSize, Limits.pushBatch))
        self.pageSize = max(1, min(pageSize, Limits.pullPage))
        self.maximumPages = max(1, maximumPagesPerPull)
    }

    /// Pushes every pending change, oldest first.
    public func push() async -> SyncReport {
        guard !isWaiting() else { return SyncReport(status: status) }
        await drainOnce(accountChecked: false)
        return SyncReport(status: status)
    }

    /// Pushes for an account the caller has just read as this device's own, with what waits as
    /// it read it: the watch, whose account is its phone's person, kept in the cursor. Nothing is
    /// asked of the credentials, the refusals are retried only when there are some, and with
    /// nothing waiting the run ends as an empty push does (synced), without a batch read: a push
    /// costs the store as few reads as it has to do.
    public func push(forHeldAccount waiting: OutboxCounts) async -> SyncReport {
        guard !isWaiting() else { return SyncReport(status: status) }
        guard waiting.pending > 0 || waiting.failed > 0 else {
            let now = clock.now()
            update { status in
                status.phase = .synced
                status.pendingCount = 0
                status.failedCount = 0
                status.lastSyncedAt = now
            }
            return SyncReport(status: status)
        }
        await drainOnce(accountChecked: true, refusalsWaiting: waiting.failed > 0)
        return SyncReport(status: status)
    }

    public func releaseRefusals() async -> Int {
        (try? await store.retryEveryRefusal()) ?? 0
    }

    /// Pulls the account's changes after the stored cursor, a page at a time, merging them in
    /// (last write wins, tombstones final), then pushes what is still pending.
    public func pull() async -> SyncReport {
        guard !isWaiting() else { return SyncReport(status: status) }
        update { $0.phase = .syncing }
        do {
            guard let cursor = try await checkedCursor() else { return SyncReport(status: status) }
            if batchesUnsupported {
                try await pullRecordByRecord()
            } else {
                do {
                    try await pullPages(from: cursor)
                } catch let error as ConvexError where error.code == .unknownFunction && backend.perRecord != nil {
                    batchesUnsupported = true
                    try await pullRecordByRecord()
                }
            }
        } catch let error as ConvexError {
            await finish(after: error)
            return SyncReport(status: status)
        } catch {
            await finish(lastError: String(describing: error), phase: .offline)
            return SyncReport(status: status)
        }
        await drainOnce(accountChecked: true)
        return SyncReport(status: status)
    }

    // MARK: Account

    /// The cursor of the account to sync as (a new one, at the start, for the first account this
    /// device syncs with), or nil (status set) when sync must wait for the person: no token, an
    /// expired one, or this device holding another account's data.
    func checkedCursor() async throws -> SyncCursor? {
        let account: UUID
        if let credentials {
            guard var credential = try await credentials.load() else {
                await finish(lastError: "sign in to sync", phase: .signedOut)
                return nil
            }
            let now = clock.now()
            guard credential.expiresAt > now else {
                await finish(lastError: "the sign-in has expired; sign in again to sync", phase: .signedOut)
                return nil
            }
            if credential.expiresAt.timeIntervalSince(now) < Self.renewWithin {
                credential = await renewed(credential, keptIn: credentials)
            }
            let renewBy = credential.expiresAt.timeIntervalSince(now) < Self.renewalNotice ? credential.expiresAt : nil
            update { $0.renewSignInBy = renewBy }
            account = credential.userId
        } else {
            account = try await backend.accountId()
        }
        guard let cursor = try await store.syncCursor() else {
            // The first account this device syncs with owns the data already here.
            let first = SyncCursor(accountId: account, position: nil)
            try await store.saveSyncCursor(first)
            return first
        }
        if cursor.accountId != account {
            await finish(lastError: "this device holds another account's data; choose whether to keep it for this account or start clean", phase: .accountChoice)
            return nil
        }
        return cursor
    }

    /// `credential` renewed by the backend and kept, or as it was when it could not be: an
    /// older backend without `auth:renew`, no network (the next sync tries again), or a renewal
    /// that named another account (not taken).
    func renewed(_ credential: StoredCredential, keptIn store: any CredentialStore) async -> StoredCredential {
        guard !renewalUnsupported else { return credential }
        let session: AuthSession
        do {
            session = try await backend.renewSession()
        } catch {
            // Asked once per engine of a backend that has no such function.
            if error.code == .unknownFunction { renewalUnsupported = true }
            return credential
        }
        guard session.user.id == credential.userId else { return credential }
        let fresh = StoredCredential(
            token: session.token, expiresAt: session.expiresAt, userId: credential.userId, appleUserId: credential.appleUserId ?? session.user.appleUserId
        )
        do {
            try await store.save(fresh)
        } catch {
            // The backend ended the old token: without the new one kept, the next call asks to sign in.
            return credential
        }
        return fresh
    }

    // MARK: Status

    /// Whether the backend's last answer asked calls to wait past now: nothing is sent then.
    func isWaiting() -> Bool {
        guard let until = status.waitingUntil else { return false }
        if clock.now() < until { return true }
        update { $0.waitingUntil = nil }
        return false
    }

    /// The longest wait a backend's answer is obeyed for: a longer one (a hostile or broken
    /// server's `Retry-After: 1000000000`) would stop sync for the process's life; it is cut to
    /// this, and the status says so.
    public static let longestHonouredWait: Double = 6 * 60 * 60

    /// Records how long the backend asked calls to wait, when it said so (at most
    /// `longestHonouredWait`).
    func wait(asked error: ConvexError) {
        guard case .rateLimited(_, let seconds?) = error else { return }
        let honoured = min(seconds, Self.longestHonouredWait)
        update { $0.waitingUntil = clock.now().addingTimeInterval(honoured) }
    }

    func finish(after error: ConvexError) async {
        wait(asked: error)
        let phase: SyncStatus.Phase = error.code == .unauthenticated ? .signedOut : .offline
        var said = error.description
        if case .rateLimited(_, let seconds?) = error, seconds > Self.longestHonouredWait {
            said += " (more than Waterline waits: it tries again in \(Int(Self.longestHonouredWait / 3600)) hours)"
        }
        await finish(lastError: said, phase: phase)
    }

    func finish(lastError: String?, phase: SyncStatus.Phase) async {
        let counts = (try? await store.outboxCounts()) ?? OutboxCounts(pending: 0, failed: 0)
        let now = clock.now()
        update { status in
            status.phase = phase
            status.pendingCount = counts.pending
            status.failedCount = counts.failed
            if phase == .synced {
                status.lastSyncedAt = now
            } else {
                status.lastError = lastError
            }
        }
    }

    func update(_ change: (inout SyncStatus) -> Void) {
        change(&status)
    }
}
