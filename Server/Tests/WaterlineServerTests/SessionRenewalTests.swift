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

    @Test("signed in on day 1, syncing on days 20, 45 and 70: never asked to sign in; every token renewed is refused after", arguments: StorageKind.available)
    func everyFewWeeks(storage: StorageKind) async throws {
        let clock = ManualClock()
        let server = try await TestServer.start(storage, now: { clock.now })
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
}
