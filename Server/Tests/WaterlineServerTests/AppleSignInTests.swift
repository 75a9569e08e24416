import Foundation
import Logging
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

    @Test("an oversized nonce or identity token is refused as invalid before it is parsed or Apple's keys are fetched")
    func oversized() async throws {
        let apple = FakeApple()
        let server = try await TestServer.start(apple: apple)
        let answers = [
            (try await FakeApple.identityToken(sub: "a"), String(repeating: "n", count: Limits.appleNonce + 1)),
            (String(repeating: "x", count: Limits.appleIdentityToken + 1), "raw-nonce"),
        ]
        for (token, nonce) in answers {
            do {
                _ = try await server.client().call(Auth.SignInWithApple.self, .init(identityToken: token, nonce: nonce))
                Issue.record("an oversized sign-in should have been refused")
            } catch {
                #expect(error.code == .invalidArgument, "\(error)")
            }
        }
        #expect(await apple.fetches == 0)
        await server.stop()
    }

    @Test("an unknown key id fetches the JWKS again (at most once a minute), so a rotated key is accepted")
    func rotation() async throws {
        let apple = FakeApple(publishing: [FakeApple.keyA])
        let clock = ManualClock()
        let server = try await TestServer.start(apple: apple, now: { clock.now })
        // Tokens issued at the server's (hand-moved) time: on a loaded machine real time runs on
        // past the minute a token's issue time may lead the server's clock.
        _ = try await server.signIn(at: clock.now)
        #expect(await apple.fetches == 1)
        _ = try await server.signIn(at: clock.now)
        #expect(await apple.fetches == 1, "known keys are cached")
        await apple.publish(FakeApple.keyB)
        let rotated = try await FakeApple.identityToken(sub: "rotated", expires: clock.now.addingTimeInterval(600), issued: clock.now, key: FakeApple.keyB)
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

    @Test("a token naming another algorithm than RS256, or issued in the future, is refused before it is trusted")
    func algorithmAndIssueTime() async throws {
        let server = try await TestServer.start()
        for (token, message) in [
            (try await FakeApple.es256Token(sub: "a"), "the identity token must be signed with RS256, as Apple signs it"),
            (try await FakeApple.identityToken(sub: "a", issued: Date().addingTimeInterval(3600)),
             "the Apple identity token was issued in the future; check the server's clock"),
        ] {
            await #expect(throws: ConvexError.function(message: message, code: "UNAUTHENTICATED")) {
                try await server.client().call(Auth.SignInWithApple.self, .init(identityToken: token, nonce: "raw-nonce"))
            }
        }
        // A minute of skew is allowed.
        let nonce = UUID().uuidString
        let skewed = try await FakeApple.identityToken(sub: "a", nonce: nonce, issued: Date().addingTimeInterval(30))
        #expect(try await server.client().call(Auth.SignInWithApple.self, .init(identityToken: skewed, nonce: nonce)).user.appleUserId == "a")
        await server.stop()
    }

    @Test("while Apple's keys cannot be fetched, sign-ins fail fast and Apple is asked again only after the backoff")
    func failedFetchRemembered() async throws {
        let apple = FakeApple(publishing: [FakeApple.keyA])
        let clock = ManualClock()
        let server = try await TestServer.start(apple: apple, now: { clock.now })
        func attempt() async throws -> ErrorCode? {
            let nonce = UUID().uuidString
            let token = try await FakeApple.identityToken(sub: "outage", nonce: nonce, expires: clock.now.addingTimeInterval(600), issued: clock.now)
            return await server.client().failureCode(Auth.SignInWithApple.self, .init(identityToken: token, nonce: nonce))
        }
        await apple.setOutage(URLError(.timedOut))
        #expect(try await attempt() == .internal)
        #expect(try await attempt() == .internal)
        #expect(try await attempt() == .internal)
        #expect(await apple.fetches == 1, "a failure is remembered, not retried by every sign-in")
        clock.advance(seconds: 11)
        #expect(try await attempt() == .internal)
        #expect(await apple.fetches == 2)
        await apple.setOutage(nil)
        #expect(try await attempt() == .internal, "still within the backoff of the last failure")
        clock.advance(seconds: 11)
        #expect(try await attempt() == nil)
        #expect(await apple.fetches == 3)
        // A day later the keys are stale; with Apple unreachable, the keys held still serve.
        clock.advance(seconds: 24 * 3600 + 1)
        await apple.setOutage(URLError(.timedOut))
        #expect(try await attempt() == nil)
        // The refresh goes on beside the sign-in, which did not wait for it.
        while await apple.fetches < 4 { await Task.yield() }
        #expect(await apple.fetches == 4)
        await server.stop()
    }

    @Test("stale keys and a slow Apple: a sign-in whose key is held does not wait for the refresh, which goes on beside it", .timeLimit(.minutes(1)))
    func heldKeysWhileRefreshing() async throws {
        let apple = FakeApple()
        let clock = ManualClock()
        let verifier = AppleIdentityVerifier(audience: "com.waterline.app", source: apple, now: { clock.now })
        func verify() async throws {
            let token = try await FakeApple.identityToken(sub: "held", nonce: "n", expires: clock.now.addingTimeInterval(600), issued: clock.now)
            _ = try await verifier.verify(identityToken: token, nonce: "n")
        }
        try await verify()
        #expect(await apple.fetches == 1)
        clock.advance(seconds: 24 * 3600 + 1)
        await apple.setSlowness(.seconds(30))
        let started = ContinuousClock.now
        try await verify()
        #expect(ContinuousClock.now - started < .seconds(5), "the held key verified at once")
        while await apple.fetches < 2 { await Task.yield() }
        #expect(await apple.fetches == 2, "and the refresh went on beside it")
    }

    @Test("Apple's keys unreachable: the failure is logged through the buffered log, never straight to standard error, so a sign-in does not wait on a log nobody reads", .timeLimit(.minutes(1)))
    func failureLogBuffered() async throws {
        struct Unreachable: JWKSSource {
            func fetchJWKS() async throws -> Data { throw URLError(.cannotConnectToHost) }
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("waterline-apple-log-\(UUID().uuidString)")
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        // Nothing is written until `flush()`: as if nobody read the log.
        let output = LogOutput(descriptor: descriptor, interval: 3_600, capacity: 4_096)
        let verifier = AppleIdentityVerifier(
            audience: "com.waterline.app", source: Unreachable(), logger: Logger(label: "waterline-server.apple") { BufferedLogHandler(label: $0, output: output) }
        )
        let token = try await FakeApple.identityToken(sub: "someone", nonce: "n")
        await #expect(throws: FunctionError.self) { try await verifier.verify(identityToken: token, nonce: "n") }
        // The line reaches the buffered log's file, written by the log's own thread (no clock).
        var writes = 0
        while !(try String(contentsOf: url, encoding: .utf8).contains("Apple's signing keys could not be fetched")) {
            output.waitForWrites(writes + 1)
            writes += 1
        }
    }

    @Test("concurrent sign-ins with no keys yet share one fetch of Apple's keys")
    func oneFetchForMany() async throws {
        let source = GatedJWKS(apple: FakeApple(publishing: [FakeApple.keyA]))
        let verifier = AppleIdentityVerifier(audience: "com.waterline.app", source: source)
        let token = try await FakeApple.identityToken(sub: "many", nonce: "n")
        try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask { try await verifier.verify(identityToken: token, nonce: "n").sub }
            }
            // Hold the first fetch until the other seven are waiting for the keys.
            var turns = 0
            while await verifier.fetchJoins < 7, turns < 1_000_000 {
                await Task.yield()
                turns += 1
            }
            await source.release()
            var subjects: [String] = []
            for try await sub in group { subjects.append(sub) }
            #expect(subjects == Array(repeating: "many", count: 8))
        }
        #expect(await source.calls == 1)
        #expect(await verifier.fetchCount == 1)
    }
}

/// Apple's keys, served only once the test releases them: a fetch that is still under way.
actor GatedJWKS: JWKSSource {
    let apple: FakeApple
    private(set) var calls = 0
    private var released = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(apple: FakeApple) {
        self.apple = apple
    }

    func fetchJWKS() async throws -> Data {
        calls += 1
        if !released { await withCheckedContinuation { waiting.append($0) } }
        return try await apple.fetchJWKS()
    }

    func release() {
        released = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}
