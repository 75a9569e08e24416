import Foundation
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineStorage
import WaterlineSync
@testable import WaterlineServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Work per caller is bounded: calls are counted before their bodies are read.
@Suite("Rate limits")
struct RateLimitTests {
    func post(_ server: TestServer, _ kind: String = "action", body: Data, token: String? = nil) async throws -> (status: Int, retryAfter: String?, text: String) {
        var request = URLRequest(url: server.baseURL.appendingPathComponent("api/\(kind)"))
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http.value(forHTTPHeaderField: "Retry-After"), String(decoding: data, as: UTF8.self))
    }

    /// A server on a hand-moved clock with `burst` calls and a refill of `perSecond`, per address or per user.
    func limitedServer(_ clock: ManualClock, anonymous: Bool, burst: Double, perSecond: Double) async throws -> TestServer {
        try await TestServer.start(now: { clock.now }, adjust: { configuration in
            if anonymous {
                (configuration.anonymousBurst, configuration.anonymousPerSecond) = (burst, perSecond)
            } else {
                (configuration.userBurst, configuration.userPerSecond) = (burst, perSecond)
            }
        })
    }

    @Test("per address without a valid token: sign-ins and forged tokens share a small bucket, answered 429 with Retry-After")
    func anonymous() async throws {
        let clock = ManualClock()
        let server = try await limitedServer(clock, anonymous: true, burst: 3, perSecond: 0.1)
        _ = try await server.signIn()
        let forged = Data(#"{"path":"users:me","args":{},"format":"json"}"#.utf8)
        #expect(try await post(server, "query", body: forged, token: "not.a.token").status == 560)
        _ = try await server.signIn()
        let refused = try await post(server, "query", body: forged, token: "not.a.token")
        #expect(refused.status == 429)
        #expect(refused.retryAfter == "10")
        #expect(refused.text.contains(#""code":"RATE_LIMITED""#))
        clock.advance(seconds: 10)
        #expect(try await post(server, "query", body: forged, token: "not.a.token").status == 560, "a token refills after Retry-After")
        await server.stop()
    }

    @Test("a flood of forged session tokens meets the address's limit before any signature is checked; a verified token is not held up")
    func forgedTokenFlood() async throws {
        let clock = ManualClock()
        let server = try await limitedServer(clock, anonymous: true, burst: 5, perSecond: 0.1)
        let session = try await server.signIn()
        _ = try await server.client(token: session.token).call(Users.Me.self)
        #expect(server.context.tokens.signatureChecks == 1)
        // Well formed, signed by nobody, for an account this server does not know: each one that
        // gets through costs an ES256 verify. (Forgeries naming a known account:
        // `validTokenAfterRestart`.)
        let forged = try Self.forgedToken(like: session.token, sub: UUID())
        let body = Data(#"{"path":"users:me","args":{},"format":"json"}"#.utf8)
        var statuses: [Int] = []
        for _ in 0..<10 { statuses.append(try await post(server, "query", body: body, token: forged).status) }
        // The sign-in took one of the five; the valid token's first call none.
        #expect(statuses == Array(repeating: 560, count: 4) + Array(repeating: 429, count: 6))
        #expect(server.context.tokens.signatureChecks == 5, "only the four the limit let through were verified")
        #expect(try await server.client(token: session.token).call(Users.Me.self).id == session.user.id, "a token already verified skips the address's bucket")
        await server.stop()
    }

    @Test("many valid tokens from one address (a restart, a proxy) take nothing from its anonymous bucket")
    func validTokensFromOneAddress() async throws {
        let clock = ManualClock()
        let server = try await limitedServer(clock, anonymous: true, burst: 3, perSecond: 0.1)
        // Six devices sign in over a minute (each sign-in takes one call of the three; the
        // bucket refills meanwhile), then each makes its first call at once, as after a restart.
        var tokens: [String] = []
        for _ in 0..<6 {
            tokens.append(try await server.signIn().token)
            clock.advance(seconds: 10)
        }
        for token in tokens { _ = try await server.client(token: token).call(Users.Me.self) }
        #expect(server.context.tokens.signatureChecks == 6)
        await server.stop()
    }

    /// `token` with its payload's `sub` replaced and its signature no longer matching.
    static func forgedToken(like token: String, sub: UUID) throws -> String {
        let parts = token.split(separator: ".").map(String.init)
        let data = try #require(Data(base64URLEncoded: parts[1]))
        var payload = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        payload["sub"] = sub.uuidString.lowercased()
        let encoded = try JSONSerialization.data(withJSONObject: payload).base64URLEncodedString()
        return "\(parts[0]).\(encoded).\(parts[2])"
    }

    /// A server with three anonymous calls per address that issued `session` and was restarted:
    /// nothing is in its cache of verified tokens.
    func restartedAfterSignIn() async throws -> (TestServer, AuthSession) {
        let clock = ManualClock()
        let first = try await limitedServer(clock, anonymous: true, burst: 3, perSecond: 0.001)
        let session = try await first.signIn()
        await first.stop()
        let server = try await TestServer.start(dataDirectory: first.dataDirectory, now: { clock.now }, adjust: { configuration in
            (configuration.anonymousBurst, configuration.anonymousPerSecond) = (3, 0.001)
        })
        return (server, session)
    }

    static let meBody = Data(#"{"path":"users:me","args":{},"format":"json"}"#.utf8)

    /// Forged tokens naming nobody spend this address's anonymous bucket (three calls) and more.
    func spendAddress(of server: TestServer) async throws {
        for _ in 0..<4 { _ = try await post(server, "query", body: Self.meBody, token: "not.a.token") }
    }

    /// Behind one address (a carrier's NAT), a neighbour's forged tokens spend the anonymous
    /// bucket; after a restart no real token is in the cache of verified ones yet.
    @Test("after a restart, a valid token gets in though forged tokens emptied its address's bucket; forgeries copying its id are refused unchecked")
    func validTokenAfterRestart() async throws {
        let (server, session) = try await restartedAfterSignIn()
        let body = Data(#"{"path":"users:me","args":{},"format":"json"}"#.utf8)
        // Forged tokens naming nobody this server knows spend the address's bucket.
        var statuses: [Int] = []
        for _ in 0..<5 { statuses.append(try await post(server, "query", body: body, token: "not.a.token").status) }
        #expect(statuses == [560, 560, 560, 429, 429])
        let checksBefore = server.context.tokens.signatureChecks
        #expect(try await server.client(token: session.token).call(Users.Me.self).id == session.user.id, "the real device gets in")
        #expect(server.context.tokens.signatureChecks == checksBefore + 1)

        // A forgery of that token (its payload copied, so its id is one this server made; its
        // signature not) is told apart by the token's fingerprint and refused without a check.
        let parts = session.token.split(separator: ".")
        let forged = "\(parts[0]).\(parts[1]).AAAA\(parts[2].dropFirst(4))"
        var forgedStatuses: [Int] = []
        for _ in 0..<12 { forgedStatuses.append(try await post(server, "query", body: body, token: forged).status) }
        #expect(forgedStatuses == Array(repeating: 560, count: 12))
        #expect(server.context.tokens.signatureChecks == checksBefore + 1)
        // The real token is in the cache now, and stays in.
        #expect(try await server.client(token: session.token).call(Users.Me.self).id == session.user.id)
        await server.stop()
    }

    @Test("after a restart, fifty forgeries copying a real token's id, sent before it, neither lock it out nor cost a signature check, and the next restart changes nothing")
    func forgeriesBeforeTheRealToken() async throws {
        let (server, session) = try await restartedAfterSignIn()
        try await spendAddress(of: server)
        let parts = session.token.split(separator: ".")
        let checksBefore = server.context.tokens.signatureChecks
        for index in 0..<50 {
            let signature = String(format: "%04d", index) + parts[2].dropFirst(4)
            #expect(try await post(server, "query", body: Self.meBody, token: "\(parts[0]).\(parts[1]).\(signature)").status == 560)
        }
        #expect(server.context.tokens.signatureChecks == checksBefore, "no forgery cost a check")
        #expect(try await server.client(token: session.token).call(Users.Me.self).id == session.user.id, "the real device gets in")
        let directory = server.dataDirectory
        await server.stop()
        let again = try await TestServer.start(dataDirectory: directory, adjust: { configuration in
            (configuration.anonymousBurst, configuration.anonymousPerSecond) = (3, 0.001)
        })
        try await spendAddress(of: again)
        #expect(try await again.client(token: session.token).call(Users.Me.self).id == session.user.id, "and after the next restart")
        await again.stop()
    }

    @Test("after a restart, sixty forgeries naming an account (payloads made up) from its devices' address cost ten checks and do not keep its real token out")
    func forgeriesNamingAccount() async throws {
        let (server, session) = try await restartedAfterSignIn()
        try await spendAddress(of: server)
        let parts = session.token.split(separator: ".")
        let checksBefore = server.context.tokens.signatureChecks
        for _ in 0..<60 {
            // The account's id, an id of the forger's own making, the real token's signature.
            let claims: [String: Any] = [
                "sub": session.user.id.uuidString.lowercased(), "jti": UUID().uuidString, "iss": "waterline-server", "aud": "waterline",
                "iat": Int(Date().timeIntervalSince1970), "exp": Int(Date().timeIntervalSince1970) + 3600,
            ]
            let payload = try JSONSerialization.data(withJSONObject: claims).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            #expect(try await post(server, "query", body: Self.meBody, token: "\(parts[0]).\(payload).\(parts[2])").status == 429)
        }
        #expect(server.context.tokens.signatureChecks == checksBefore + 10, "the account's allowance: ten checks, then none")
        #expect(try await server.client(token: session.token).call(Users.Me.self).id == session.user.id, "the real device gets in")
        await server.stop()
    }

    @Test("a large body without a valid token is refused before it is parsed")
    func anonymousBody() async throws {
        let server = try await TestServer.start()
        let big = Data(#"{"path":"auth:signInWithApple","args":{"identityToken":""#.utf8) + Data(repeating: UInt8(ascii: "a"), count: 100_000) + Data(#"","nonce":"n"}}"#.utf8)
        #expect(try await post(server, body: big).status == 413)
        let token = try await server.signIn().token
        let signedIn = try await post(server, body: big, token: token)
        #expect(signedIn.status != 413, "a signed-in caller may send up to 1 MB")
        await server.stop()
    }

    @Test("a large body costs more of the caller's limit than a small one: a call, and one more per 16 KB")
    func largeBodiesCostMore() async throws {
        let clock = ManualClock()
        let server = try await limitedServer(clock, anonymous: false, burst: 100, perSecond: 0.001)
        let token = try await server.signIn().token
        // A 1 MB push the server then refuses as malformed: it was read and parsed all the same.
        let large = Data(#"{"path":"sync:push","format":"json","args":{"changes":[""#.utf8) + Data(repeating: UInt8(ascii: "a"), count: 990_000) + Data(#""]}}"#.utf8)
        let cost = 1 + FunctionCallResponder.bodyCost(large.count)
        #expect(cost == 61)
        #expect(try await post(server, "mutation", body: large, token: token).status != 429)
        #expect(try await post(server, "mutation", body: large, token: token).status == 429, "61 + 61 calls are more than the burst of 100")
        // What is left goes to small calls, one each (a refused call took nothing).
        let small = Data(#"{"path":"users:me","args":{},"format":"json"}"#.utf8)
        var statuses: [Int] = []
        for _ in 0..<Int(100 - cost) { statuses.append(try await post(server, "query", body: small, token: token).status) }
        #expect(statuses.allSatisfy { $0 == 200 })
        #expect(try await post(server, "query", body: small, token: token).status == 429)
        await server.stop()
    }

    @Test("per user: one account's burst does not touch another's")
    func perUser() async throws {
        let clock = ManualClock()
        let server = try await limitedServer(clock, anonymous: false, burst: 4, perSecond: 1)
        let first = server.client(token: try await server.signIn().token)
        let second = server.client(token: try await server.signIn().token)
        for _ in 0..<4 { _ = try await first.call(Users.Me.self) }
        await #expect { try await first.call(Users.Me.self) } throws: { error in
            guard case ConvexError.rateLimited(_, let wait) = error, wait == 1 else { return false }
            return (error as? ConvexError)?.isRetryable == true && (error as? ConvexError)?.code == .rateLimited
        }
        #expect(try await second.call(Users.Me.self).settings == UserSettings(updatedAt: UserSettings.untouchedStamp))
        clock.advance(seconds: 1)
        _ = try await first.call(Users.Me.self)
        await server.stop()
    }

    @Test("buckets: a burst, a steady refill, and idle keys forgotten when the table is full")
    func buckets() async {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: .init(burst: 2, perSecond: 0.5), now: { clock.now })
        #expect(limiter.take("a") == nil)
        #expect(limiter.take("a") == nil)
        #expect(limiter.take("a") == 2)
        clock.advance(seconds: 2)
        #expect(limiter.take("a") == nil)

        let small = RateLimiter(rate: .init(burst: 1, perSecond: 1), capacity: 2, now: { clock.now })
        #expect(await small.take("idle") == nil)
        clock.advance(seconds: 10)
        #expect(await small.take("busy") == nil)
        #expect(await small.take("other") == nil)
        #expect(await small.take("busy") != nil, "a key in use is remembered when the table is trimmed")
        #expect(await small.take("idle") == nil, "the refilled key was forgotten, and starts full")
    }
}
