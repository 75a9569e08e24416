import Foundation
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineStorage
import WaterlineSync
@testable import WaterlineServer

@Suite("Sign in with Apple and session tokens")
struct AppleSignInTests {
    func expectUnauthenticated(_ server: TestServer, token: String, nonce: String = "raw-nonce", sourceLocation: SourceLocation = #_sourceLocation) async {
        do {
            _ = try await server.client().call(Auth.SignInWithApple.self, .init(identityToken: token, nonce: nonce))
            Issue.record("sign-in should have been refused", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code == .unauthenticated, "\(error)", sourceLocation: sourceLocation)
        }
    }

    @Test("a valid token signs in, creates the user once, and the session token works", arguments: StorageKind.available)
    func valid(storage: StorageKind) async throws {
        let server = try await TestServer.start(storage)
        let sub = "apple-\(UUID().uuidString)"
        let first = try await server.signIn(sub: sub)
        #expect(first.user.appleUserId == sub)
        #expect(first.expiresAt > Date().addingTimeInterval(29 * 24 * 3600))
        let again = try await server.signIn(sub: sub)
        #expect(again.user.id == first.user.id)
        let me = try await server.client(token: again.token).call(Users.Me.self)
        #expect(me.id == first.user.id)
        #expect(me.settings.waterEveryNDrinks == 1)
        await server.stop()
    }

    @Test("expired, wrong audience, wrong issuer, bad signature, unknown key and wrong nonce are refused")
    func refused() async throws {
        let server = try await TestServer.start()
        await expectUnauthenticated(server, token: try await FakeApple.identityToken(sub: "a", expires: Date().addingTimeInterval(-60)))
        await expectUnauthenticated(server, token: try await FakeApple.identityToken(sub: "a", audience: "com.someone.else"))
        await expectUnauthenticated(server, token: try await FakeApple.identityToken(sub: "a", issuer: "https://evil.example"))
        // Signed by a different key that claims Apple's key id.
        await expectUnauthenticated(server, token: try await FakeApple.identityToken(sub: "a", key: FakeApple.stranger))
        await expectUnauthenticated(server, token: try await FakeApple.identityToken(sub: "a", key: FakeApple.keyB))
        await expectUnauthenticated(server, token: try await FakeApple.identityToken(sub: "a"), nonce: "another-nonce")
        await expectUnauthenticated(server, token: "not.a.jwt")
        await server.stop()
    }

    @Test("an unknown key id fetches the JWKS again (at most once a minute), so a rotated key is accepted")
    func rotation() async throws {
        let apple = FakeApple(publishing: [FakeApple.keyA])
        let clock = ManualClock()
        let server = try await TestServer.start(apple: apple, now: { clock.now })
        _ = try await server.signIn()
        #expect(await apple.fetches == 1)
        _ = try await server.signIn()
        #expect(await apple.fetches == 1, "known keys are cached")
        await apple.publish(FakeApple.keyB)
        let rotated = try await FakeApple.identityToken(sub: "rotated", key: FakeApple.keyB)
        await expectUnauthenticated(server, token: rotated)
        #expect(await apple.fetches == 1, "a burst of unknown key ids does not hammer Apple")
        clock.advance(seconds: 61)
        let session = try await server.client().call(Auth.SignInWithApple.self, .init(identityToken: rotated, nonce: "raw-nonce"))
        #expect(session.user.appleUserId == "rotated")
        #expect(await apple.fetches == 2)
        await server.stop()
    }

    @Test("forged, foreign and expired session tokens are refused")
    func sessionTokens() async throws {
        let server = try await TestServer.start()
        let session = try await server.signIn()
        var forged = session.token
        forged.removeLast(4)
        forged += "AAAA"
        for token in [forged, "garbage", ""] {
            await #expect(throws: ConvexError.self) { try await server.client(token: token).call(Users.Me.self) }
        }
        do {
            _ = try await server.client().call(Sessions.List.self, .init())
            Issue.record("a call without a token must be refused")
        } catch {
            #expect(error.code == .unauthenticated)
        }
        // A token from another server (another signing key) is not accepted.
        let otherKey = try SessionTokens.loadOrCreateKey(pem: nil, in: FileManager.default.temporaryDirectory.appendingPathComponent("other-\(UUID())"))
        let other = try await SessionTokens(privateKeyPEM: otherKey, issuer: "waterline-server", lifetime: 3600)
        let foreign = try await other.issue(for: session.user.id).token
        await #expect(throws: ConvexError.function(message: "the session token is not valid; sign in again", code: "UNAUTHENTICATED")) {
            try await server.client(token: foreign).call(Users.Me.self)
        }
        await server.stop()

        // The same key, but a clock past the token's expiry.
        let later = try await TestServer.start(dataDirectory: server.dataDirectory, now: { Date().addingTimeInterval(31 * 24 * 3600) })
        await #expect(throws: ConvexError.function(message: "the session token has expired; sign in again", code: "UNAUTHENTICATED")) {
            try await later.client(token: session.token).call(Users.Me.self)
        }
        await later.stop()
    }

    @Test("the session signing key is generated once and kept in the data directory")
    func signingKeyKept() async throws {
        let server = try await TestServer.start()
        let session = try await server.signIn()
        await server.stop()
        let restarted = try await TestServer.start(dataDirectory: server.dataDirectory)
        #expect(try await restarted.client(token: session.token).call(Users.Me.self).id == session.user.id)
        await restarted.stop()
    }
}
