import Foundation
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync
import WaterlineTestSupport
@testable import WaterlineServer

/// A person who keeps Waterline for months: the app renews its session token while it has life
/// left (`auth:renew`), so opening it every few weeks never asks for a sign-in.
@Suite("Session renewal against the server")
struct SessionRenewalTests {
    /// The engine's clock: the server's hand-moved one.
    struct Clock: SyncClock {
        let clock: ManualClock
        func now() -> Date { clock.now }
        func sleep(seconds: Double) async throws {}
    }

    /// On SQLite only: each test server has its own file there, while the PostgreSQL tests share
    /// one database, whose revocations' prune mark a clock moved on by months would move for
    /// every other test too (`PruneMarks`). `renewsNow` covers PostgreSQL.
    @Test("signed in on day 1, syncing on days 20, 45 and 70: never asked to sign in; every token renewed is refused after")
    func everyFewWeeks() async throws {
        let clock = ManualClock()
        let server = try await TestServer.start(.sqlite, now: { clock.now })
        let first = try await server.signIn(at: clock.now)
        let credentials = InMemoryCredentialStore(StoredCredential(token: first.token, expiresAt: first.expiresAt, userId: first.user.id, appleUserId: first.user.appleUserId))
        let store = InMemorySessionStore()
        let service = SessionService(store: store, now: { clock.now })
        _ = try await service.prepare()
        let client = ConvexClient(baseURL: server.baseURL, timeout: 30, token: { await credentials.validToken(at: clock.now) })
        let engine = SyncEngine(store: store, client: client, credentials: credentials, clock: Clock(clock: clock), backoff: Backoff(maxRetries: 0))

        var tokens = [first.token]
        var today = 1.0
        for day in [20.0, 45, 70] {
            clock.advance(seconds: (day - today) * 24 * 3600)
            today = day
            _ = try await service.startSession()
            let status = await engine.pull().status
            #expect(status.phase == .synced, "day \(day): \(status.lastError ?? "")")
            #expect(status.renewSignInBy == nil && !status.needsSignIn, "day \(day): no sign-in asked")
            let kept = try #require(try await credentials.load())
            #expect(kept.token != tokens.last, "day \(day): renewed")
            #expect(kept.expiresAt > clock.now.addingTimeInterval(29 * 24 * 3600))
            // The token it replaced, though still unexpired, is worth nothing now.
            let stolen = server.client(token: tokens.last!)
            #expect(await stolen.failureCode(Users.Me.self, NoArgs()) == .unauthenticated, "day \(day): the old token is refused")
            #expect(await stolen.failureCode(Auth.Renew.self, NoArgs()) == .unauthenticated, "day \(day): nor renewed again")
            tokens.append(kept.token)
            _ = try await service.endSession()
        }
        #expect(try await server.client(token: tokens.last!).call(Users.Me.self).id == first.user.id)
        await server.stop()
    }

    @Test("auth:renew answers a new token for the caller's account and ends the one it was called with", arguments: StorageKind.available)
    func renewsNow(storage: StorageKind) async throws {
        let server = try await TestServer.start(storage)
        let signedIn = try await server.signIn()
        let renewed = try await server.client(token: signedIn.token).call(Auth.Renew.self)
        #expect(renewed.user.id == signedIn.user.id && renewed.token != signedIn.token)
        #expect(renewed.expiresAt >= signedIn.expiresAt)
        #expect(try await server.client(token: renewed.token).call(Users.Me.self).id == signedIn.user.id)
        #expect(await server.client(token: signedIn.token).failureCode(Auth.Renew.self, NoArgs()) == .unauthenticated)
        #expect(await server.client().failureCode(Auth.Renew.self, NoArgs()) == .unauthenticated, "no token, no renewal")
        await server.stop()
    }
}
