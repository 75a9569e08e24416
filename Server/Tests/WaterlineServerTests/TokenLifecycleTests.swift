import Foundation
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineStorage
import WaterlineSync
@testable import WaterlineServer

/// Session tokens end when the person signs out or deletes the account; a sign-in is good once.
@Suite("Token lifecycle")
struct TokenLifecycleTests {
    @Test("sign-out revokes that token only, on the server and through the auth client", arguments: StorageKind.available)
    func signOut(storage: StorageKind) async throws {
        let server = try await TestServer.start(storage)
        let phone = try await server.signIn(sub: "apple-me")
        let watchToken = try await server.signIn(sub: "apple-me").token
        let credentials = InMemoryCredentialStore()
        try await credentials.save(StoredCredential(token: phone.token, expiresAt: phone.expiresAt, userId: phone.user.id, appleUserId: "apple-me"))
        let auth = AuthClient(client: ConvexClient(baseURL: server.baseURL, token: { await credentials.validToken(at: Date()) }), credentials: credentials)
        try await auth.signOut()
        #expect(await !auth.isSignedIn())
        await #expect(throws: ConvexError.function(
            message: "the session has ended (signed out, or the account was deleted); sign in again", code: "UNAUTHENTICATED"
        )) { try await server.client(token: phone.token).call(Users.Me.self) }
        #expect(try await server.client(token: watchToken).call(Users.Me.self).id == phone.user.id, "another device stays signed in")
        await server.stop()
    }

    @Test("deleting the account ends its tokens, even when the same Apple account signs up again")
    func deletedAccount() async throws {
        let server = try await TestServer.start()
        let first = try await server.signIn(sub: "apple-gone")
        _ = try await server.client(token: first.token).call(Users.DeleteAccount.self)
        #expect(await server.client(token: first.token).failureCode(Users.Me.self, NoArgs()) == .unauthenticated)
        let again = try await server.signIn(sub: "apple-gone")
        #expect(again.user.id != first.user.id)
        #expect(await server.client(token: first.token).failureCode(Sessions.List.self, .init()) == .unauthenticated)
        await server.stop()
    }

    @Test("an Apple identity token and nonce sign in once; a replay is refused", arguments: StorageKind.available)
    func nonceOnce(storage: StorageKind) async throws {
        let server = try await TestServer.start(storage)
        // Unique per run: the PostgreSQL database outlives a test run, and so do used nonces.
        let once = "once-\(UUID().uuidString)"
        let identity = try await FakeApple.identityToken(sub: "apple-replayed", nonce: once)
        _ = try await server.client().call(Auth.SignInWithApple.self, .init(identityToken: identity, nonce: once))
        await #expect(throws: ConvexError.function(message: "this sign-in was already used; sign in with Apple again", code: "UNAUTHENTICATED")) {
            try await server.client().call(Auth.SignInWithApple.self, .init(identityToken: identity, nonce: once))
        }
        await server.stop()
    }

    @Test(
        "a clock that ran ahead (pruning revocations and nonces) and is set back revives no signed-out token and no used sign-in",
        arguments: StorageKind.available
    )
    func clockSetBack(storage: StorageKind) async throws {
        // Its own PostgreSQL database: the prune marks a clock 40 days ahead leaves would refuse
        // every other test's tokens in the shared one.
        let isolated = storage == .postgres ? try await IsolatedPostgres.create() : nil
        let clock = ManualClock()
        let server = try await TestServer.start(storage, now: { clock.now }, adjust: { configuration in
            if let isolated { configuration.databaseURL = isolated.url }
        })
        let once = "once-\(UUID().uuidString)"
        let identity = try await FakeApple.identityToken(
            sub: "apple-clock", nonce: once, expires: clock.now.addingTimeInterval(600), issued: clock.now
        )
        let session = try await server.client().call(Auth.SignInWithApple.self, .init(identityToken: identity, nonce: once))
        _ = try await server.client(token: session.token).call(Auth.SignOut.self)
        // Forty days ahead, a sign-in and a sign-out prune what has expired by then: both of the above.
        clock.advance(seconds: 40 * 24 * 3600)
        let later = try await server.signIn(at: clock.now)
        _ = try await server.client(token: later.token).call(Auth.SignOut.self)
        clock.advance(seconds: -40 * 24 * 3600)
        #expect(await server.client(token: session.token).failureCode(Users.Me.self, NoArgs()) == .unauthenticated)
        #expect(
            await server.client().failureCode(Auth.SignInWithApple.self, .init(identityToken: identity, nonce: once)) == .unauthenticated,
            "the replayed sign-in"
        )
        // A sign-in made after that (a few seconds on), with the clock back, works: only what was
        // issued before the last pruned token could have been forgotten.
        clock.advance(seconds: 2)
        let fresh = try await server.signIn(at: clock.now)
        #expect(try await server.client(token: fresh.token).call(Users.Me.self).id == fresh.user.id)
        await server.stop()
        try await isolated?.drop()
    }

    @Test("a token signed with the server's key but living longer than the server issues is refused")
    func lifetimeCap() async throws {
        let server = try await TestServer.start()
        let session = try await server.signIn()
        let pem = try SessionTokens.loadOrCreateKey(pem: nil, in: server.dataDirectory)
        let generous = try await SessionTokens(privateKeyPEM: pem, issuer: "waterline-server", lifetime: 400 * 24 * 3600)
        let forever = try await generous.issue(for: session.user.id).token
        await #expect(throws: ConvexError.function(
            message: "the session token lives longer than this server allows; sign in again", code: "UNAUTHENTICATED"
        )) { try await server.client(token: forever).call(Users.Me.self) }
        await server.stop()
    }

    @Test("a token signed with the server's key but issued in the future is refused (it would otherwise live for years)")
    func issuedInTheFuture() async throws {
        let server = try await TestServer.start()
        let session = try await server.signIn()
        let pem = try SessionTokens.loadOrCreateKey(pem: nil, in: server.dataDirectory)
        let later = Date().addingTimeInterval(5 * 365 * 24 * 3600)
        let ahead = try await SessionTokens(privateKeyPEM: pem, issuer: "waterline-server", lifetime: 30 * 24 * 3600, now: { later })
        let token = try await ahead.issue(for: session.user.id).token
        await #expect(throws: ConvexError.function(
            message: "the session token was issued in the future; sign in again", code: "UNAUTHENTICATED"
        )) { try await server.client(token: token).call(Users.Me.self) }
        await server.stop()
    }
}
