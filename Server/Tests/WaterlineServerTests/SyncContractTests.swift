import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineStorage
import WaterlineSync
import WaterlineTestSupport
@testable import WaterlineServer

/// The real client, sync engine and session service against a real server on loopback.
@Suite("Sync against the server")
struct SyncContractTests {
    /// A device: its own store and service, signed in as `session`'s user.
    struct Device {
        let store = InMemorySessionStore()
        let service: SessionService
        let credentials: InMemoryCredentialStore
        let now: ManualClock

        init(signedIn session: AuthSession?, clock: ManualClock = ManualClock()) {
            now = clock
            service = SessionService(store: store, now: { clock.now })
            credentials = InMemoryCredentialStore(session.map {
                StoredCredential(token: $0.token, expiresAt: $0.expiresAt, userId: $0.user.id, appleUserId: $0.user.appleUserId)
            })
        }

        func client(_ baseURL: URL, transport: any HTTPTransport = URLSessionTransport()) -> ConvexClient {
            let credentials = self.credentials
            return ConvexClient(baseURL: baseURL, timeout: 30, transport: transport, token: { await credentials.validToken(at: Date()) })
        }

        /// The app's engine: it reads the kept token's expiry and account before calling.
        func engine(_ baseURL: URL, transport: any HTTPTransport = URLSessionTransport(), batchSize: Int = Limits.pushBatch) -> SyncEngine {
            SyncEngine(
                store: store, client: client(baseURL, transport: transport), credentials: credentials, clock: InstantClock(),
                backoff: Backoff(maxRetries: 2), batchSize: batchSize
            )
        }
    }

    /// Backoff without waiting.
    struct InstantClock: SyncClock {
        func now() -> Date { Date() }
        func sleep(seconds: Double) async throws {}
    }

    /// A transport that stops the server after `limit` requests have gone through.
    final class StoppingTransport: HTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var remaining: Int
        private let stop: @Sendable () async -> Void
        private let base = URLSessionTransport()

        init(after limit: Int, stop: @escaping @Sendable () async -> Void) {
            remaining = limit
            self.stop = stop
        }

        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            let stopNow = lock.withLock { () -> Bool in
                remaining -= 1
                return remaining == 0
            }
            let answer = try await base.send(request)
            if stopNow { await stop() }
            return answer
        }
    }

    func serverLogs(_ server: TestServer, token: String, session: UUID) async throws -> [LogEntry] {
        try await server.client(token: token).call(LogEntries.ListForSession.self, .init(sessionId: session))
    }

    @Test("a session logged offline reaches the server on reconnect: nothing lost, nothing doubled", arguments: StorageKind.available)
    func offlineThenReconnect(storage: StorageKind) async throws {
        let server = try await TestServer.start(storage)
        let signedIn = try await server.signIn()
        let phone = Device(signedIn: signedIn)
        _ = try await phone.service.prepare()
        let started = try await phone.service.startSession().snapshot
        for _ in 0..<3 { _ = try await phone.service.quickLog(.alcohol, source: .phone) }
        _ = try await phone.service.quickLog(.water, source: .watch)

        // Nothing listens on this port: the phone is offline.
        let offline = await phone.engine(URL(string: "http://127.0.0.1:9")!).push().status
        #expect(offline.phase == .offline)
        #expect(offline.pendingCount == 10, "five presets, the session and four logs (untouched default settings need no push)")

        let online = await phone.engine(server.baseURL).push().status
        #expect(online.phase == .synced, "\(online)")
        #expect(online.pendingCount == 0)
        #expect(online.failedCount == 0, "\(online.lastError ?? "")")
        let logs = try await serverLogs(server, token: signedIn.token, session: started.session.id)
        #expect(logs.count == 4)
        #expect(logs == (try await phone.store.logs(sessionId: started.session.id)))

        // Draining again (a retry after a lost answer) changes nothing.
        _ = try await phone.service.quickLog(.water, source: .phone)
        await phone.engine(server.baseURL).push()
        await phone.engine(server.baseURL).push()
        #expect(try await serverLogs(server, token: signedIn.token, session: started.session.id).count == 5)
        #expect(try await server.client(token: signedIn.token).call(Presets.List.self).count == 5)
        await server.stop()
    }

    @Test("the server stopping in the middle of a drain loses nothing; a restart finishes the job")
    func serverStopsMidDrain() async throws {
        let server = try await TestServer.start()
        let signedIn = try await server.signIn()
        let phone = Device(signedIn: signedIn)
        _ = try await phone.service.prepare()
        let started = try await phone.service.startSession().snapshot
        for _ in 0..<6 { _ = try await phone.service.quickLog(.alcohol, source: .phone) }

        // Batches of two: five presets, the session and six logs are six batches; four go through.
        let stopping = StoppingTransport(after: 4) { await server.stop() }
        let interrupted = await phone.engine(server.baseURL, transport: stopping, batchSize: 2).push().status
        #expect(interrupted.phase == .offline)
        #expect(interrupted.pendingCount == 12 - 8)

        let restarted = try await TestServer.start(dataDirectory: server.dataDirectory)
        let finished = await phone.engine(restarted.baseURL).push().status
        #expect(finished.phase == .synced, "\(finished)")
        #expect(finished.failedCount == 0, "\(finished.lastError ?? "")")
        let logs = try await serverLogs(restarted, token: signedIn.token, session: started.session.id)
        #expect(logs.count == 6)
        #expect(Set(logs.map(\.id)).count == 6)
        await restarted.stop()
    }

    @Test("two devices edit the same log: the later edit wins everywhere; a delete wins over an older edit")
    func twoDevices() async throws {
        let server = try await TestServer.start()
        let signedIn = try await server.signIn()
        let clock = ManualClock()
        let phone = Device(signedIn: signedIn, clock: clock)
        let tablet = Device(signedIn: signedIn, clock: clock)
        _ = try await phone.service.prepare()
        _ = try await tablet.service.prepare()
        _ = try await phone.service.startSession()
        let beer = try #require(try await phone.service.quickLog(.alcohol, source: .phone).changedLog)
        await phone.engine(server.baseURL).push()
        let pulled = await tablet.engine(server.baseURL).pull().status
        #expect(pulled.phase == .synced)
        #expect(pulled.failedCount == 0, "\(pulled.lastError ?? "")")
        #expect(try await tablet.store.log(id: beer.id) == beer)

        // The phone edits first, the tablet a minute later; both sync, the phone last.
        clock.advance(seconds: 60)
        var phoneEdit = beer
        phoneEdit.alcoholMeta?.standardDrinkEstimate = 1.5
        _ = try await phone.service.editLog(phoneEdit)
        clock.advance(seconds: 60)
        var tabletEdit = beer
        tabletEdit.alcoholMeta?.standardDrinkEstimate = 2
        _ = try await tablet.service.editLog(tabletEdit)
        await tablet.engine(server.baseURL).push()
        await phone.engine(server.baseURL).push()
        #expect(try await phone.store.log(id: beer.id)?.alcoholMeta?.standardDrinkEstimate == 2, "the phone took the newer edit back")

        // The phone deletes the log; the tablet's later edit of it cannot bring it back.
        clock.advance(seconds: 60)
        _ = try await phone.service.deleteLog(id: beer.id)
        await phone.engine(server.baseURL).push()
        clock.advance(seconds: 60)
        var lateEdit = tabletEdit
        lateEdit.alcoholMeta?.standardDrinkEstimate = 3
        _ = try await tablet.service.editLog(lateEdit)
        await tablet.engine(server.baseURL).push()
        let onServer = try await serverLogs(server, token: signedIn.token, session: beer.sessionId)
        #expect(onServer.first?.deletedAt != nil)
        #expect(try await tablet.store.log(id: beer.id)?.deletedAt != nil, "the tablet learned of the delete")
        await server.stop()
    }

    @Test("signing in on a new device pulls everything; deleting the account empties both sides")
    func signInPullAndDelete() async throws {
        let server = try await TestServer.start()
        let signedIn = try await server.signIn()
        let phone = Device(signedIn: signedIn)
        _ = try await phone.service.prepare(settings: UserSettings(waterEveryNDrinks: 2))
        _ = try await phone.service.startSession()
        _ = try await phone.service.quickLog(.alcohol, source: .phone)
        _ = try await phone.service.endSession()
        await phone.engine(server.baseURL).push()

        // A fresh device signs in through the auth client and pulls.
        let fresh = Device(signedIn: nil)
        _ = try await fresh.service.prepare()
        let auth = AuthClient(client: fresh.client(server.baseURL), credentials: fresh.credentials)
        let nonce = UUID().uuidString
        let identity = try await FakeApple.identityToken(sub: signedIn.user.appleUserId!, nonce: nonce)
        let session = try await auth.signIn(identityToken: identity, nonce: nonce)
        try await fresh.engine(server.baseURL).link(appleUserId: session.user.appleUserId)
        #expect(await auth.isSignedIn())
        #expect(await fresh.engine(server.baseURL).pull().status.phase == .synced)
        #expect(try await fresh.service.settings().waterEveryNDrinks == 2)
        let sessions = try await fresh.service.sessions()
        #expect(sessions.count == 1)
        #expect(sessions.first?.computedSummary?.totalAlcoholCount == 1)
        #expect(try await fresh.store.user()?.appleUserId == signedIn.user.appleUserId)

        let wiping = fresh.service
        let before = try #require(try await fresh.store.user())
        try await auth.deleteAccount { _ = try await wiping.perform(.deleteAllData) }
        let after = try #require(try await fresh.store.user(), "a new person, set up at once")
        #expect(after.id != before.id && after.erasedBefore == before.id && after.appleUserId == nil)
        #expect(try await fresh.service.sessions().isEmpty && after.settings == UserSettings(), "nothing of the deleted account left")
        #expect(await !auth.isSignedIn())
        #expect(await server.client(token: signedIn.token).failureCode(Users.Me.self, NoArgs()) == .unauthenticated)
        await server.stop()
    }

    @Test("a second user cannot read or change the first user's synced data")
    func isolation() async throws {
        let server = try await TestServer.start()
        let alice = try await server.signIn()
        let phone = Device(signedIn: alice)
        _ = try await phone.service.prepare()
        let started = try await phone.service.startSession().snapshot
        let log = try #require(try await phone.service.quickLog(.alcohol, source: .phone).changedLog)
        await phone.engine(server.baseURL).push()

        let mallory = try await server.signIn()
        let intruder = server.client(token: mallory.token)
        #expect(await intruder.failureCode(LogEntries.ListForSession.self, .init(sessionId: started.session.id)) == .notFound)
        #expect(await intruder.failureCode(LogEntries.Delete.self, Tombstone(id: log.id, deletedAt: Date())) == .notFound)
        #expect(try await serverLogs(server, token: alice.token, session: started.session.id) == [log])
        await server.stop()
    }
}
