import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage
import WaterlineSync

/// The watch's sync: the very `SyncEngine` the phone runs against the cloud, with the phone as its
/// backend over their typed link (`PhoneBackend`), and one rule of its own. The watch holds its phone's person's records: when the phone holds another person's (its
/// data was erased, "Delete Account" included, or it was set up anew) the watch erases its own and
/// takes the phone's, so what was deleted on the phone does not live on on the wrist.
public struct WatchSyncRunner: SyncRunner {
    private let engine: SyncEngine
    private let phone: PhoneBackend
    private let store: any SyncStore
    private let now: @Sendable () -> Date
    private let makeID: @Sendable () -> UUID

    /// - Parameters:
    ///   - clock: how the engine waits between retries; it retries none (a phone out of reach
    ///     stays so until the link says otherwise, and `AppRuntime.phoneReachabilityChanged` syncs).
    public init(
        store: any SyncStore, link: any PhoneLink, now: @escaping @Sendable () -> Date, makeID: @escaping @Sendable () -> UUID,
        clock: any SyncClock = SystemSyncClock()
    ) {
        phone = PhoneBackend(link: link)
        engine = SyncEngine(
            store: store, client: phone, credentials: PairedPhoneAccount(store: store), clock: clock,
            backoff: Backoff(maxRetries: 0), pageSize: WatchLinkServer.pageSize
        )
        self.store = store
        self.now = now
        self.makeID = makeID
    }

    /// What the last pull or push left: how much waits for the phone.
    public func status() async -> SyncStatus {
        await engine.status
    }

    /// Asks the phone whose records it holds (following it when that changed), then pulls and pushes.
    public func pull() async -> SyncReport {
        guard (try? await ensureUser()) != nil else { return await engine.pull() }
        let phoneAccount: UUID
        do {
            phoneAccount = try await phone.accountId()
        } catch {
            // Out of reach: what waits is still offered, and queued for the phone, once the
            // watch knows whose it is (before the first contact it waits, "signed out").
            return await engine.push()
        }
        var erased = false
        do {
            let known = try await store.syncCursor()?.accountId
            if known != phoneAccount {
                // Another person's records (erasing drops the cursor too), or the first contact.
                if known != nil {
                    try await store.deleteAll()
                    try await ensureUser()
                    erased = true
                }
                try await store.saveSyncCursor(SyncCursor(accountId: phoneAccount, position: nil))
            }
        } catch {
            return await engine.pull()
        }
        var report = await engine.pull()
        // Everything the watch showed went: every surface must show the store again.
        if erased { report.changed = .all }
        return report
    }

    /// Pushes what waits; before the phone was ever reached, a pull first learns whose it is.
    public func push() async -> SyncReport {
        guard (try? await store.syncCursor()) != nil else { return await pull() }
        return await engine.push()
    }

    public func releaseRefusals() async -> Int {
        await engine.releaseRefusals()
    }

    /// A person with the defaults, and the starter presets, as the session service sets one up.
    private func ensureUser() async throws {
        guard try await store.user() == nil else { return }
        try await store.setUp(User(id: makeID(), createdAt: now(), settings: UserSettings()))
    }
}
