import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage
import WaterlineSync

/// The watch's sync: the very `SyncEngine` the phone runs against the cloud, with the phone as its
/// backend over their typed link (`PhoneBackend`), and one rule of its own. The watch holds its
/// phone's person's records. When the phone holds another person's: if the phone erased the one
/// before on purpose ("Delete Account", starting clean: `User.erasedBefore`), the watch erases its
/// own copy too, so what was deleted does not live on on the wrist; after any other change (a new
/// iPhone, the app set up anew) nothing on the wrist is lost: every record the watch keeps goes to
/// the phone's person, as a phone's does when it keeps its data for a newly signed-in account.
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
        let person: (id: UUID, erasedBefore: UUID?)
        do {
            person = try await phone.person()
        } catch {
            // Out of reach: what waits is still offered, and queued for the phone, once the
            // watch knows whose it is (before the first contact it waits, "signed out").
            return await engine.push()
        }
        do {
            let known = try await store.syncCursor()?.accountId
            if known != person.id {
                if let known, known == person.erasedBefore {
                    // The phone erased that person's records: so does the watch (the cursor goes too).
                    try await store.deleteAll()
                    try await ensureUser()
                } else if known != nil {
                    // Another iPhone, or one set up anew: what the watch keeps goes to its person.
                    try await store.requeueAll()
                }
                try await store.saveSyncCursor(SyncCursor(accountId: person.id, position: nil))
            }
        } catch {
            return await engine.pull()
        }
        // What the watch showed went with the erased records' feed: the runtime's next look at the
        // feed finds it begun again, and shows everything.
        return await engine.pull()
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
