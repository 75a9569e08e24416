import Crypto
import Foundation
import JWTKit
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineSync
@testable import WaterlineServer

/// Deleted for good (App Review 5.1.1(v)): sign-in exchanges the app's authorization code for
/// the person's Apple refresh token, and deleting the account revokes it, against a stand-in for
/// Apple's endpoints on loopback.
@Suite("Sign in with Apple revoked with the account", .timeLimit(.minutes(5)))
struct AppleRevocationTests {
    static let team = "TEAM123456", keyId = "KEY1234567"

    /// A server with a Sign in with Apple key and the stand-in as Apple.
    /// On PostgreSQL, `database` is the test's own (see `drivenByHand`).
    func configured(
        _ standIn: AppleAuthStandIn, key: P256.Signing.PrivateKey, storage: StorageKind = .sqlite, database: IsolatedPostgres? = nil
    ) async throws -> TestServer {
        try await TestServer.start(storage, adjust: { configuration in
            if let database { configuration.databaseURL = database.url }
            configuration.appleSignInKey = AppleSignInKey(teamId: Self.team, keyId: Self.keyId, privateKeyPEM: key.pemRepresentation)
            configuration.appleAuthURL = standIn.baseURL
        })
    }

    @Test("a code at sign-in is exchanged with a signed client secret; deleting the account revokes the refresh token", arguments: StorageKind.available)
    func revoked(storage: StorageKind) async throws {
        let standIn = try await AppleAuthStandIn.start()
        let key = P256.Signing.PrivateKey()
        // Its own database on PostgreSQL: a token another run left queued in the shared one would
        // be revoked through this stand-in, between the posts read below.
        let isolated = storage == .postgres ? try await IsolatedPostgres.create() : nil
        let server = try await configured(standIn, key: key, storage: storage, database: isolated)
        var posts = standIn.posts.makeAsyncIterator()

        let session = try await server.signIn(authorizationCode: "code-1")
        let exchange = try #require(await posts.next())
        #expect(exchange.path == "token")
        #expect(exchange.form["code"] == "code-1" && exchange.form["grant_type"] == "authorization_code")
        #expect(exchange.form["client_id"] == "com.waterline.app")
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: try ES256PrivateKey(pem: key.pemRepresentation), kid: JWKIdentifier(string: Self.keyId))
        let secret = try await keys.verify(try #require(exchange.form["client_secret"]), as: AppleClientSecretClaims.self)
        #expect(secret.iss == Self.team && secret.sub == "com.waterline.app" && secret.aud == "https://appleid.apple.com")
        #expect(secret.exp > secret.iat && secret.exp - secret.iat <= 15_777_000, "Apple takes at most six months")
        #expect(try await server.context.repository.appleRefreshToken(for: session.user.id) == "refresh-for-code-1")

        let deleted = try await server.client(token: session.token).call(Users.DeleteAccount.self)
        #expect(deleted.appleSignIn == .requested)
        let revoke = try #require(await posts.next())
        #expect(revoke.path == "revoke")
        #expect(revoke.form["token"] == "refresh-for-code-1" && revoke.form["token_type_hint"] == "refresh_token")
        #expect(revoke.form["client_id"] == "com.waterline.app" && revoke.form["client_secret"] != nil)
        // Stopped only once the try has written its outcome, so no claimed token stays queued.
        await server.context.appleRevocations?.settled()
        await server.stop()
        try await isolated?.drop()
        await standIn.stop()
    }

    @Test("with no key configured: the code is not sent anywhere, and deletion completes and says the link was not revoked")
    func notConfigured() async throws {
        let server = try await TestServer.start()
        let session = try await server.signIn(authorizationCode: "code-2")
        #expect(try await server.context.repository.appleRefreshToken(for: session.user.id) == nil)
        let deleted = try await server.client(token: session.token).call(Users.DeleteAccount.self)
        #expect(deleted.appleSignIn == .notConfigured && deleted.appleSignIn?.needsThePerson == true)
        #expect(deleted.complete)
        #expect(try await server.context.repository.user(id: session.user.id) == nil, "everything removed all the same")
        await server.stop()
    }

    @Test("Apple refusing the code never fails the sign-in; with no token kept, deletion says so")
    func refusedExchange() async throws {
        let standIn = try await AppleAuthStandIn.start()
        let server = try await configured(standIn, key: P256.Signing.PrivateKey())
        var posts = standIn.posts.makeAsyncIterator()
        let refused = try await server.signIn(authorizationCode: "refused")
        #expect(try #require(await posts.next()).path == "token")
        let withoutCode = try await server.signIn()
        for session in [refused, withoutCode] {
            let deleted = try await server.client(token: session.token).call(Users.DeleteAccount.self)
            #expect(deleted.appleSignIn == .noToken)
        }
        await server.stop()
        await standIn.stop()
    }

    @Test("Apple unreachable at sign-in: the sign-in answers, nothing kept")
    func unreachable() async throws {
        let standIn = try await AppleAuthStandIn.start()
        let address = standIn.baseURL
        await standIn.stop()
        let server = try await TestServer.start(adjust: { configuration in
            configuration.appleSignInKey = AppleSignInKey(teamId: Self.team, keyId: Self.keyId, privateKeyPEM: P256.Signing.PrivateKey().pemRepresentation)
            configuration.appleAuthURL = address
        })
        let session = try await server.signIn(authorizationCode: "code-3")
        #expect(try await server.context.repository.appleRefreshToken(for: session.user.id) == nil)
        await server.stop()
    }

    @Test("an authorization code that is empty or longer than 1,024 characters is refused before Apple is asked")
    func bounded() async throws {
        let server = try await TestServer.start()
        for code in ["", String(repeating: "c", count: Limits.appleAuthorizationCode + 1)] {
            do {
                _ = try await server.signIn(authorizationCode: code)
                Issue.record("a code of \(code.count) characters was taken")
            } catch let error as ConvexError {
                #expect(error.code == .invalidArgument, "\(error)")
            }
        }
        _ = try await server.signIn(authorizationCode: String(repeating: "c", count: Limits.appleAuthorizationCode))
        await server.stop()
    }

    /// A server whose queued revocations run only when the test runs a pass (and right after a deletion).
    /// On PostgreSQL, `database` is the test's own: every server with a key revokes every queued
    /// token, and another test's server on the shared database would take this test's to its own stand-in.
    func drivenByHand(
        _ standIn: AppleAuthStandIn, clock: ManualClock, storage: StorageKind = .sqlite, database: IsolatedPostgres? = nil,
        directory: URL? = nil, interval: Double? = nil
    ) async throws -> TestServer {
        try await TestServer.start(storage, dataDirectory: directory, now: { clock.now }, adjust: { configuration in
            if let database { configuration.databaseURL = database.url }
            configuration.appleSignInKey = AppleSignInKey(teamId: Self.team, keyId: Self.keyId, privateKeyPEM: P256.Signing.PrivateKey().pemRepresentation)
            configuration.appleAuthURL = standIn.baseURL
            configuration.appleRevocationInterval = interval
        })
    }

    /// The tries made so far at revoking `user`'s token; nil once it is no longer queued.
    func attempts(of user: UUID, on server: TestServer) async throws -> Int? {
        try await server.database.sql.raw("SELECT attempts FROM apple_revocations WHERE user_id = \(bind: user.key)").first()?
            .decode(column: "attempts", as: Int.self)
    }

    /// The next revocation the stand-in saw of `token` (others' queued revocations may come between, on a shared database).
    func nextRevocation(of token: String, in posts: inout AsyncStream<AppleAuthStandIn.Post>.Iterator) async -> AppleAuthStandIn.Post? {
        while let post = await posts.next() {
            if post.path == "revoke", post.form["token"] == token { return post }
        }
        return nil
    }

    @Test("Apple failing a revocation: it stays queued and is tried again after its wait, until Apple takes it", arguments: StorageKind.available)
    func retriedWithBackoff(storage: StorageKind) async throws {
        let standIn = try await AppleAuthStandIn.start()
        let clock = ManualClock()
        let isolated = storage == .postgres ? try await IsolatedPostgres.create() : nil
        let server = try await drivenByHand(standIn, clock: clock, storage: storage, database: isolated)
        let revocations = try #require(server.context.appleRevocations)
        var posts = standIn.posts.makeAsyncIterator()
        let code = "retried-\(UUID().uuidString)"
        let session = try await server.signIn(authorizationCode: code)
        standIn.failRevocations(3)

        // The try right after the deletion fails; the answer said `requested` all the same.
        #expect(try await server.client(token: session.token).call(Users.DeleteAccount.self).appleSignIn == .requested)
        #expect(await nextRevocation(of: "refresh-for-\(code)", in: &posts) != nil)
        // That try has written its wait before the clock moves; the second, after it, fails too.
        await revocations.settled()
        clock.advance(seconds: AppleRevocations.wait(after: 1))
        // Each pass below is this test's own, so what it asked of Apple has been sent when it returns.
        try #require(try await revocations.runDue().postponed >= 1)
        #expect(await nextRevocation(of: "refresh-for-\(code)", in: &posts) != nil)
        // Not due again before its wait (5 minutes after a second failure) ...
        clock.advance(seconds: AppleRevocations.wait(after: 2) - 1)
        #expect(try await attempts(of: session.user.id, on: server) == 2)
        try await revocations.runDue()
        #expect(try await attempts(of: session.user.id, on: server) == 2, "not tried before its wait")
        // ... and due after it: a third failure, then Apple takes it.
        clock.advance(seconds: 2)
        try #require(try await revocations.runDue().postponed >= 1)
        clock.advance(seconds: AppleRevocations.wait(after: 3))
        try #require(try await revocations.runDue().revoked >= 1)
        #expect(await nextRevocation(of: "refresh-for-\(code)", in: &posts) != nil)
        #expect(await nextRevocation(of: "refresh-for-\(code)", in: &posts) != nil)
        #expect(try await attempts(of: session.user.id, on: server) == nil, "gone once Apple took it")
        await server.stop()
        try await isolated?.drop()
        await standIn.stop()
    }

    @Test("a revocation Apple never takes is given up after its last try (logged as an error), and leaves the queue")
    func givenUp() async throws {
        let standIn = try await AppleAuthStandIn.start()
        let clock = ManualClock()
        let server = try await drivenByHand(standIn, clock: clock)
        let revocations = try #require(server.context.appleRevocations)
        var posts = standIn.posts.makeAsyncIterator()
        let session = try await server.signIn(authorizationCode: "never")
        standIn.failRevocations(.max)
        _ = try await server.client(token: session.token).call(Users.DeleteAccount.self)
        #expect(await nextRevocation(of: "refresh-for-never", in: &posts) != nil)
        await revocations.settled()
        clock.advance(seconds: AppleRevocations.wait(after: 1))
        var abandoned = 0
        for attempt in 2...AppleRevocations.attemptLimit {
            let pass = try await revocations.runDue()
            #expect(pass.postponed + pass.abandoned == 1, "try \(attempt)")
            abandoned += pass.abandoned
            clock.advance(seconds: AppleRevocations.wait(after: attempt) + 1)
        }
        #expect(abandoned == 1)
        #expect(try await server.context.repository.pendingAppleRevocations() == 0)
        await server.stop()
        await standIn.stop()
    }

    @Test("a revocation queued before a restart is tried by the restarted server's first pass")
    func survivesRestart() async throws {
        let standIn = try await AppleAuthStandIn.start()
        let clock = ManualClock()
        let first = try await drivenByHand(standIn, clock: clock)
        var posts = standIn.posts.makeAsyncIterator()
        let session = try await first.signIn(authorizationCode: "restarted")
        standIn.failRevocations(1)
        _ = try await first.client(token: session.token).call(Users.DeleteAccount.self)
        #expect(await nextRevocation(of: "refresh-for-restarted", in: &posts) != nil, "the first try, failed")
        await first.context.appleRevocations?.settled()
        await first.stop()

        clock.advance(seconds: AppleRevocations.wait(after: 1))
        let second = try await drivenByHand(standIn, clock: clock, directory: first.dataDirectory, interval: 3_600)
        #expect(await nextRevocation(of: "refresh-for-restarted", in: &posts) != nil, "tried again with no call made")
        await second.stop()
        await standIn.stop()
    }
}
