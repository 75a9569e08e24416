import Foundation
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync
import WaterlineTestSupport
@testable import WaterlineServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
        let clock = ManualClock()
        let server = try await TestServer.start(storage, now: { clock.now })
        let signedIn = try await server.signIn()
        clock.advance(seconds: Limits.renewalMinimumAge)
        let renewed = try await server.client(token: signedIn.token).call(Auth.Renew.self)
        #expect(renewed.user.id == signedIn.user.id && renewed.token != signedIn.token)
        #expect(renewed.expiresAt >= signedIn.expiresAt)
        #expect(try await server.client(token: renewed.token).call(Users.Me.self).id == signedIn.user.id)
        #expect(await server.client(token: signedIn.token).failureCode(Auth.Renew.self, NoArgs()) == .unauthenticated)
        #expect(await server.client().failureCode(Auth.Renew.self, NoArgs()) == .unauthenticated, "no token, no renewal")
        await server.stop()
    }

    @Test("ten renewals of one token at once: exactly one gets a successor, and the other nine are refused", arguments: StorageKind.available)
    func racingRenewals(storage: StorageKind) async throws {
        let clock = ManualClock()
        let server = try await TestServer.start(storage, now: { clock.now })
        let signedIn = try await server.signIn()
        clock.advance(seconds: Limits.renewalMinimumAge + 1)
        let client = server.client(token: signedIn.token)
        let outcomes = await withTaskGroup(of: Result<AuthSession, any Error>.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    do { return .success(try await client.call(Auth.Renew.self)) } catch { return .failure(error) }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let winners = outcomes.compactMap { try? $0.get() }
        #expect(winners.count == 1, "one token renewed into \(winners.count)")
        let losers = outcomes.compactMap { outcome -> ErrorCode? in
            guard case .failure(let error) = outcome else { return nil }
            return (error as? ConvexError)?.code
        }
        #expect(losers == Array(repeating: .unauthenticated, count: 9))
        // The one successor signs out, and then nothing of that sign-in is left.
        let successor = try #require(winners.first)
        #expect(try await server.client(token: successor.token).call(Auth.SignOut.self).revoked)
        #expect(await server.client(token: successor.token).failureCode(Users.Me.self, NoArgs()) == .unauthenticated)
        await server.stop()
    }

    @Test("a token renewed moments ago is not renewed again until it is ten minutes old: RATE_LIMITED with the wait, and it keeps working", arguments: StorageKind.available)
    func renewalsAreSpaced(storage: StorageKind) async throws {
        let clock = ManualClock()
        let server = try await TestServer.start(storage, now: { clock.now })
        let signedIn = try await server.signIn()
        #expect(await server.client(token: signedIn.token).failureCode(Auth.Renew.self, NoArgs()) == .rateLimited, "a fresh sign-in's token")
        clock.advance(seconds: Limits.renewalMinimumAge)
        let renewed = try await server.client(token: signedIn.token).call(Auth.Renew.self)

        var request = URLRequest(url: server.baseURL.appendingPathComponent("api/action"))
        request.httpMethod = "POST"
        request.setValue("Bearer \(renewed.token)", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(#"{"path":"auth:renew","args":{},"format":"json"}"#.utf8)
        clock.advance(seconds: 60)
        let (body, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 429)
        #expect(http.value(forHTTPHeaderField: "Retry-After") == String(Int(Limits.renewalMinimumAge) - 60))
        #expect(String(decoding: body, as: UTF8.self).contains(#""code":"RATE_LIMITED""#))
        #expect(try await server.client(token: renewed.token).call(Users.Me.self).id == signedIn.user.id, "refused, not ended")

        clock.advance(seconds: Limits.renewalMinimumAge - 60)
        #expect(try await server.client(token: renewed.token).call(Auth.Renew.self).user.id == signedIn.user.id)
        await server.stop()
    }

    @Test("renewals and sign-outs are taken from the account's write budget, each keeping a revocation", arguments: StorageKind.available)
    func renewalsAreCharged(storage: StorageKind) async throws {
        let clock = ManualClock()
        let server = try await TestServer.start(storage, now: { clock.now }, adjust: { configuration in
            (configuration.accountWriteBurst, configuration.accountWritesPerSecond) = (3, 0.0001)
        })
        let sub = "apple-budgeted"
        var token = try await server.signIn(sub: sub).token
        for _ in 0..<3 {
            clock.advance(seconds: Limits.renewalMinimumAge)
            token = try await server.client(token: token).call(Auth.Renew.self).token
        }
        clock.advance(seconds: Limits.renewalMinimumAge)
        #expect(await server.client(token: token).failureCode(Auth.Renew.self, NoArgs()) == .rateLimited, "the budget of 3 is spent")
        #expect(await server.client(token: token).failureCode(Auth.SignOut.self, NoArgs()) == .rateLimited)
        #expect(try await server.client(token: token).call(Users.Me.self).appleUserId == sub, "the refused renewal left the token working")
        await server.stop()
    }

    @Test("one account renewing keeps every other account's token known valid: only the revoked token leaves the cache")
    func renewalForgetsOnlyItsToken() async throws {
        let clock = ManualClock()
        let server = try await TestServer.start(.sqlite, now: { clock.now })
        let cache = try #require(server.database.validTokens)
        let others = try await (0..<5).asyncMap { _ in try await server.signIn().token }
        for token in others { _ = try await server.client(token: token).call(Users.Me.self) }
        let renewing = try await server.signIn()
        _ = try await server.client(token: renewing.token).call(Users.Me.self)
        #expect(cache.count == 6)
        clock.advance(seconds: Limits.renewalMinimumAge)
        let renewed = try await server.client(token: renewing.token).call(Auth.Renew.self)
        #expect(cache.count == 5, "the five other accounts' tokens are still known; the renewed one is gone")
        #expect(await server.client(token: renewing.token).failureCode(Users.Me.self, NoArgs()) == .unauthenticated)
        _ = try await server.client(token: renewed.token).call(Auth.SignOut.self)
        #expect(cache.count == 5)
        await server.stop()
    }
}
