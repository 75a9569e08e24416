import Foundation
import Testing
@testable import WaterlineAPI
@testable import WaterlineCore
@testable import WaterlineStorage
@testable import WaterlineSync
import WaterlineTestSupport

/// The engine renews a token with less than half its life left, and keeps the new one.
@Suite("Session renewal in the sync engine")
struct SessionRenewalClientTests {
    static func renewal(token: String, expiresAt: Date) throws -> ScriptedTransport.Answer {
        let user: [String: Any] = [
            "id": SyncEngineTests.account.uuidString, "createdAt": 0, "updatedAt": 0,
            "settings": try JSONSerialization.jsonObject(with: WaterlineCoding.encoder().encode(UserSettings())),
        ]
        let value: [String: Any] = ["token": token, "expiresAt": expiresAt.timeIntervalSince1970 * 1000, "user": user]
        let data = try JSONSerialization.data(withJSONObject: ["status": "success", "value": value])
        return .json(200, String(decoding: data, as: UTF8.self))
    }

    func engine(_ transport: ScriptedTransport, store: InMemorySessionStore, credentials: InMemoryCredentialStore) -> SyncEngine {
        SyncEngine(
            store: store, client: ConvexClient(baseURL: URL(string: "https://example.convex.cloud")!, transport: transport, token: { await credentials.validToken(at: Fixed.start) }),
            credentials: credentials, clock: RecordingSyncClock(), backoff: Backoff(baseSeconds: 1, capSeconds: 1, maxRetries: 0)
        )
    }

    @Test("ten days left: renewed before the push, the new token kept and sent, no sign-in asked")
    func renews() async throws {
        let (harness, _) = try await ServiceHarness.sessionStarted()
        let credentials = InMemoryCredentialStore(SyncEngineTests.credential(expiresIn: 10 * 24 * 3600))
        let fresh = Fixed.start.addingTimeInterval(30 * 24 * 3600)
        let transport = ScriptedTransport([try Self.renewal(token: "t2", expiresAt: fresh)], fallback: ScriptedTransport.echo)
        let status = await engine(transport, store: harness.store, credentials: credentials).push().status
        #expect(status.phase == .synced && !status.needsSignIn)
        #expect(try await credentials.load()?.token == "t2")
        #expect(try await credentials.load()?.expiresAt == fresh)
        #expect(transport.sent.map(\.path) == ["auth:renew", "sync:push"])
        #expect(transport.sent.last?.authorization == "Bearer t2")
    }

    @Test("a backend without auth:renew is asked once; the sign-in prompt comes near the end as before")
    func olderBackend() async throws {
        let (harness, _) = try await ServiceHarness.sessionStarted()
        let credentials = InMemoryCredentialStore(SyncEngineTests.credential(expiresIn: 2 * 24 * 3600))
        let transport = ScriptedTransport([ScriptedTransport.functionError("UNKNOWN_FUNCTION")], fallback: ScriptedTransport.echo)
        let sync = engine(transport, store: harness.store, credentials: credentials)
        let first = await sync.push().status
        _ = try await harness.service.logWater(source: .phone)
        _ = await sync.push()
        #expect(transport.sent.filter { $0.path == "auth:renew" }.count == 1)
        #expect(first.needsSignIn && first.renewSignInBy != nil)
    }
}
