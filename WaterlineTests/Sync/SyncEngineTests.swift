import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Sync engine")
struct SyncEngineTests {
    let url = URL(string: "https://example.convex.cloud")!
    static let account = UUID(uuidString: "A0000000-0000-4000-8000-000000000001")!

    static func credential(account: UUID = account, expiresIn seconds: TimeInterval = 30 * 24 * 3600) -> StoredCredential {
        StoredCredential(token: "t", expiresAt: Fixed.start.addingTimeInterval(seconds), userId: account, appleUserId: "apple")
    }

    func engine(
        _ transport: any HTTPTransport, store: InMemorySessionStore, clock: RecordingSyncClock = RecordingSyncClock(),
        maxRetries: Int = 3, batchSize: Int = Limits.pushBatch, credential: StoredCredential? = SyncEngineTests.credential()
    ) -> SyncEngine {
        SyncEngine(
            store: store, client: ConvexClient(baseURL: url, transport: transport, token: { "t" }),
            credentials: InMemoryCredentialStore(credential), clock: clock,
            backoff: Backoff(baseSeconds: 1, capSeconds: 8, maxRetries: maxRetries), random: { 0.5 }, batchSize: batchSize
        )
    }

    func preparedStore() async throws -> ServiceHarness {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        _ = try await harness.service.quickLog(.alcohol, source: .phone)
        return harness
    }

    /// The entity of each change a `sync:push` call sent.
    static func entities(_ call: (path: String, args: [String: Any], authorization: String?)) -> [String] {
        (call.args["changes"] as? [[String: Any]] ?? []).compactMap { $0["entity"] as? String }
    }

    @Test("pushes the outbox in one batch, in queue order, and empties it")
    func drain() async throws {
        let harness = try await preparedStore()
        let transport = ScriptedTransport(fallback: ScriptedTransport.echo)
        let status = await engine(transport, store: harness.store).push().status
        #expect(status.phase == .synced)
        #expect(status.pendingCount == 0)
        #expect(status.lastSyncedAt == Fixed.start)
        #expect(transport.paths == ["sync:push"])
        #expect(Self.entities(transport.sent[0]) == ["settings"] + Array(repeating: "preset", count: 5) + ["session", "logEntry"])
        #expect(try await harness.store.pendingChanges().isEmpty)
    }

    @Test("a long outbox goes in batches of the batch size")
    func batches() async throws {
        let harness = try await preparedStore()
        let transport = ScriptedTransport(fallback: ScriptedTransport.echo)
        let status = await engine(transport, store: harness.store, batchSize: 3).push().status
        #expect(status.phase == .synced)
        #expect(transport.sent.map { Self.entities($0).count } == [3, 3, 2])
    }

    @Test("defaults nobody chose are not pushed (the account's own settings must win)")
    func untouchedDefaults() async throws {
        let harness = ServiceHarness()
        try await harness.service.prepare()
        #expect(try await harness.service.settings().isUntouched)
        let transport = ScriptedTransport(fallback: ScriptedTransport.echo)
        let status = await engine(transport, store: harness.store).push().status
        #expect(status.phase == .synced)
        #expect(status.failedCount == 0)
        #expect(!transport.sent.flatMap(Self.entities).contains("settings"))
        #expect(try await harness.store.pendingChanges().isEmpty)
    }

    @Test("a change refused inside a batch is marked failed, its data kept, and the others complete")
    func refusedInBatch() async throws {
        let harness = try await preparedStore()
        let transport = ScriptedTransport(fallback: { path, args in
            guard path == "sync:push", let changes = args["changes"] as? [[String: Any]] else { return ScriptedTransport.echo(path, args) }
            let results: [[String: Any]] = changes.enumerated().map { index, change in
                index == 0 ? ["ok": false, "code": "INVALID_ARGUMENT", "message": "waterEveryNDrinks must be 1 or more"] : ["ok": true, "change": change]
            }
            let data = try! JSONSerialization.data(withJSONObject: ["status": "success", "value": ["results": results]])
            return .json(200, String(decoding: data, as: UTF8.self))
        })
        let status = await engine(transport, store: harness.store).push().status
        #expect(status.phase == .synced)
        #expect(status.failedCount == 1)
        #expect(status.lastError?.contains("waterEveryNDrinks") == true)
        #expect(transport.paths == ["sync:push"])
        #expect(try await harness.store.pendingChanges().map(\.isFailed) == [true])
        #expect(try await harness.store.user()?.settings.waterEveryNDrinks == UserSettings().waterEveryNDrinks)
    }

    /// A backend that refuses the first change of each push until told to accept.
    final class Gate: @unchecked Sendable {
        var accepts = false
    }

    @Test("a refused change is shown (with Send Again): once the person asks, it goes again and, accepted, is done")
    func sendAgain() async throws {
        let harness = try await preparedStore()
        let gate = Gate()
        let transport = ScriptedTransport(fallback: { path, args in
            guard path == "sync:push", !gate.accepts, let changes = args["changes"] as? [[String: Any]] else { return ScriptedTransport.echo(path, args) }
            let results: [[String: Any]] = changes.enumerated().map { index, change in
                index == 0 ? ["ok": false, "code": "RESOURCE_EXHAUSTED", "message": "too many presets"] : ["ok": true, "change": change]
            }
            let data = try! JSONSerialization.data(withJSONObject: ["status": "success", "value": ["results": results]])
            return .json(200, String(decoding: data, as: UTF8.self))
        })
        let sync = engine(transport, store: harness.store)
        let refused = await sync.push().status
        #expect(refused.failedCount == 1)
        let screen = refused.refusedText
        #expect(screen == "1 change wasn't accepted by your account. It's kept on this iPhone.")

        // A push on its own does not resend it (it would be refused again)…
        _ = await sync.push()
        #expect(try await harness.store.pendingChanges().map(\.isFailed) == [true])
        // …"Send Again" does; this time the backend takes it.
        gate.accepts = true
        #expect(await sync.releaseRefusals() == 1)
        let sent = await sync.push().status
        #expect(sent.failedCount == 0 && sent.pendingCount == 0)
        #expect(try await harness.store.pendingChanges().isEmpty)
        #expect(sent.refusedText == nil)
    }

    /// What a fake backend answers a delete with (the stored tombstone), set once it is known.
    final class Answers: @unchecked Sendable {
        var deletedLog: LogEntry?
    }

    @Test("an older backend without sync:push gets each record through its own function, deletes as tombstones")
    func olderBackend() async throws {
        let harness = try await preparedStore()
        let answers = Answers()
        let transport = ScriptedTransport([ScriptedTransport.functionError("UNKNOWN_FUNCTION", "no function named sync:push")], fallback: { path, args in
            guard path == "logEntries:delete", let log = answers.deletedLog else { return ScriptedTransport.echo(path, args) }
            let value = try! JSONSerialization.jsonObject(with: WaterlineCoding.encoder().encode(log))
            let data = try! JSONSerialization.data(withJSONObject: ["status": "success", "value": value])
            return .json(200, String(decoding: data, as: UTF8.self))
        })
        let sync = engine(transport, store: harness.store)
        #expect(await sync.push().status.phase == .synced)
        #expect(transport.paths == ["sync:push", "settings:upsert"] + Array(repeating: "presets:upsert", count: 5) + ["sessions:upsert", "logEntries:upsert"])

        let active = try #require(try await harness.store.activeSession())
        let log = try #require(try await harness.store.logs(sessionId: active.id).first)
        _ = try await harness.service.deleteLog(id: log.id)
        answers.deletedLog = try #require(try await harness.store.log(id: log.id))
        // The engine remembers the backend has no batches.
        #expect(await sync.push().status.phase == .synced)
        #expect(transport.paths.suffix(1) == ["logEntries:delete"])
        #expect(transport.sent.last?.args.keys.sorted() == ["deletedAt", "id"])
        #expect(try await harness.store.pendingChanges().isEmpty)
    }

    @Test("network failures retry with capped exponential backoff, then report offline and keep everything")
    func backoff() async throws {
        let harness = try await preparedStore()
        let clock = RecordingSyncClock()
        let transport = ScriptedTransport(Array(repeating: .offline, count: 10))
        let status = await engine(transport, store: harness.store, clock: clock, maxRetries: 5).push().status
        #expect(status.phase == .offline)
        #expect(status.pendingCount == 8)
        // Half the capped step plus half of the other half (random 0.5): 0.75 × 1, 2, 4, 8, 8.
        #expect(clock.sleeps == [0.75, 1.5, 3, 6, 6])
        #expect(transport.paths == Array(repeating: "sync:push", count: 6))
    }

    @Test("a server error is retried and then the drain carries on")
    func transientServerError() async throws {
        let harness = try await preparedStore()
        let transport = ScriptedTransport([.json(502, "bad gateway"), ScriptedTransport.functionError("INTERNAL")], fallback: ScriptedTransport.echo)
        let status = await engine(transport, store: harness.store).push().status
        #expect(status.phase == .synced)
        #expect(transport.paths == ["sync:push", "sync:push", "sync:push"])
        #expect(try await harness.store.pendingChanges().isEmpty)
    }

    @Test("a token the backend refuses stops the drain until the person signs in again")
    func signedOut() async throws {
        let harness = try await preparedStore()
        let transport = ScriptedTransport([ScriptedTransport.functionError("UNAUTHENTICATED", "the session has ended")])
        let status = await engine(transport, store: harness.store).push().status
        #expect(status.phase == .signedOut)
        #expect(status.pendingCount == 8)
        #expect(transport.paths.count == 1)
    }

    @Test("an expired sign-in is noticed before any call, and one ending soon that cannot be renewed asks to sign in again while sync goes on")
    func expiry() async throws {
        let harness = try await preparedStore()
        let transport = ScriptedTransport(fallback: ScriptedTransport.echo)
        let expired = await engine(transport, store: harness.store, credential: Self.credential(expiresIn: -1)).push().status
        #expect(expired.phase == .signedOut)
        #expect(expired.needsSignIn)
        #expect(expired.pendingCount == 8)
        #expect(transport.paths.isEmpty)

        let none = await engine(transport, store: harness.store, credential: nil).push().status
        #expect(none.phase == .signedOut)
        #expect(transport.paths.isEmpty)

        // Ending soon, and the backend cannot renew it (its answer is no session): asked to sign in.
        let soon = await engine(transport, store: harness.store, credential: Self.credential(expiresIn: 3600)).push().status
        #expect(soon.phase == .synced)
        #expect(soon.renewSignInBy == Fixed.start.addingTimeInterval(3600))
        #expect(soon.needsSignIn)
        #expect(transport.paths == ["auth:renew", "sync:push"])
    }

    @Test("signed in as another account than the device's data: nothing moves until the person chooses")
    func anotherAccount() async throws {
        let harness = try await preparedStore()
        let other = UUID(uuidString: "B0000000-0000-4000-8000-000000000002")!
        let transport = ScriptedTransport(fallback: ScriptedTransport.echo)
        // The first account to sync owns what is on the device.
        #expect(await engine(transport, store: harness.store).push().status.phase == .synced)
        #expect(try await harness.store.syncCursor()?.accountId == Self.account)
        _ = try await harness.service.quickLog(.water, source: .phone)

        let asOther = engine(transport, store: harness.store, credential: Self.credential(account: other))
        let status = await asOther.push().status
        #expect(status.phase == .accountChoice)
        #expect(status.pendingCount == 1)
        #expect(await asOther.pull().status.phase == .accountChoice)
        #expect(transport.paths == ["sync:push"])

        let phone = await Self.phone(harness)
        #expect(try await phone.runtime.handle(.signedIn(as: other, appleUserId: "apple-2")))
        #expect(try await !phone.runtime.handle(.signedIn(as: Self.account, appleUserId: "apple-1")))
        try await phone.runtime.handle(.accountChosen(.keepThisDevicesData, for: other))
        #expect(try await harness.store.user()?.appleUserId == "apple-1", "the Apple ID signed in last is kept with the person")
        // Everything on the device goes to the new account: settings, 5 presets, the session, 2 logs.
        #expect(await asOther.push().status.phase == .synced)
        #expect(Self.entities(transport.sent[1]).count == 9)
    }

    /// A phone whose runtime syncs `harness`'s account, as the app's does: the engine keeps whose
    /// records these are.
    @MainActor
    static func phone(_ harness: ServiceHarness, _ phone: DeviceProcess? = nil) -> DeviceProcess {
        let phone = phone ?? DeviceProcess(harness, expecting: [.sync])
        let client = ConvexClient(baseURL: URL(string: "https://example.convex.cloud")!, transport: ScriptedTransport(), token: { "t" })
        phone.sync.account = SyncEngine(store: harness.store, client: client)
        return phone
    }

    @Test("starting clean for another account removes this device's records and keeps a fresh person")
    func startClean() async throws {
        let harness = try await preparedStore()
        let other = UUID()
        try await harness.store.saveSyncCursor(SyncCursor(accountId: Self.account, position: 40))
        let phone = await DeviceProcess(harness, expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens])
        let active = try #require(try await harness.store.activeSession())
        await phone.runtime.handle(.becameActive)
        #expect(await !phone.notifications.pending.isEmpty)
        try await Self.phone(harness, phone).runtime.handle(.accountChosen(.startClean, for: other))
        #expect(await phone.notifications.pending.values.allSatisfy { $0.sessionId != active.id }, "the session's reminders went with it")
        #expect(try await harness.store.activeSession() == nil)
        #expect(try await harness.store.sessions(limit: nil).isEmpty)
        #expect(try await harness.store.user() != nil)
        #expect(try await harness.store.syncCursor() == SyncCursor(accountId: other, position: nil))
    }

    /// A `sync:pull` answer.
    static func page(_ changes: [SyncPayload], cursor: Int, hasMore: Bool) throws -> ScriptedTransport.Answer {
        let value = try JSONSerialization.jsonObject(with: WaterlineCoding.encoder().encode(PullPage(changes: changes, cursor: cursor, hasMore: hasMore)))
        let data = try JSONSerialization.data(withJSONObject: ["status": "success", "value": value])
        return .json(200, String(decoding: data, as: UTF8.self))
    }

    @Test("pull pages after the stored cursor, places a log that came before its session, and asks only for what is new next time")
    func pullPages() async throws {
        let harness = try await ServiceHarness.prepared()
        let session = SessionRecord(id: UUID(), startTime: Fixed.start, endTime: Fixed.start.addingTimeInterval(3600), isActive: false, updatedAt: Fixed.start.addingTimeInterval(3600))
        let drink = LogEntry.alcohol(id: UUID(), sessionId: session.id, at: Fixed.start.addingTimeInterval(60),
                                     AlcoholMeta(drinkType: .beer, sizeOz: 12, abv: 5, standardDrinkEstimate: 1))
        let transport = ScriptedTransport([
            try Self.page([.logEntry(drink)], cursor: 5, hasMore: true),
            try Self.page([.session(session)], cursor: 9, hasMore: false),
            try Self.page([], cursor: 9, hasMore: false),
        ], fallback: ScriptedTransport.echo)
        let sync = engine(transport, store: harness.store)
        let seen = try await harness.store.changes(after: Int.max).version
        let report = await sync.pull()
        #expect(report.status.phase == .synced)
        let pulled = try await harness.store.changes(after: seen)
        #expect(pulled.records == ChangedRecords(sessions: [session.id]), "the session and its drink are new here, named by the store's feed: every surface must show them")
        #expect(try await harness.store.logs(sessionId: session.id).map(\.id) == [drink.id])
        #expect(try await harness.store.syncCursor() == SyncCursor(accountId: Self.account, position: 9))
        #expect(transport.sent.filter { $0.path == "sync:pull" }.map { $0.args["cursor"] as? Int } == [nil, 5])

        _ = await sync.pull()
        #expect(try await harness.store.changes(after: pulled.version).isEmpty, "nothing new: nothing to show again")
        let pulls = transport.sent.filter { $0.path == "sync:pull" }
        #expect(pulls.count == 3)
        #expect(pulls.last?.args["cursor"] as? Int == 9)
    }

    @Test("a log whose session never comes makes the next pull start over instead of skipping it")
    func orphanStartsOver() async throws {
        let harness = try await ServiceHarness.prepared()
        let orphan = LogEntry.water(id: UUID(), sessionId: UUID(), at: Fixed.start, amountOz: 8)
        let transport = ScriptedTransport([try Self.page([.logEntry(orphan)], cursor: 3, hasMore: false)], fallback: ScriptedTransport.echo)
        let status = await engine(transport, store: harness.store).pull().status
        #expect(status.lastError?.contains("without their session") == true)
        #expect(try await harness.store.syncCursor() == SyncCursor(accountId: Self.account, position: nil))
    }

    @Test("an older backend without sync:pull is pulled record by record")
    func olderBackendPull() async throws {
        let harness = try await ServiceHarness.prepared()
        let user = try JSONSerialization.jsonObject(with: WaterlineCoding.encoder().encode(User(id: Self.account, appleUserId: "apple", createdAt: Fixed.start, settings: UserSettings())))
        let me = try JSONSerialization.data(withJSONObject: ["status": "success", "value": user])
        let empty = #"{"status":"success","value":[]}"#
        let transport = ScriptedTransport([
            ScriptedTransport.functionError("UNKNOWN_FUNCTION", "no function named sync:pull"),
            .json(200, String(decoding: me, as: UTF8.self)), .json(200, empty), .json(200, empty),
        ], fallback: ScriptedTransport.echo)
        #expect(await engine(transport, store: harness.store).pull().status.phase == .synced)
        #expect(transport.paths.prefix(4) == ["sync:pull", "users:me", "presets:list", "sessions:list"])
    }

    @Test("without kept credentials (the command line) a pull asks the backend for the account once, not again to drain")
    func accountAskedOnce() async throws {
        let harness = try await preparedStore()
        let me = try JSONSerialization.jsonObject(with: WaterlineCoding.encoder().encode(
            User(id: Self.account, appleUserId: "apple", createdAt: Fixed.start, settings: UserSettings())
        ))
        let answer = try JSONSerialization.data(withJSONObject: ["status": "success", "value": me])
        let transport = ScriptedTransport([.json(200, String(decoding: answer, as: UTF8.self))], fallback: ScriptedTransport.echo)
        let sync = SyncEngine(store: harness.store, client: ConvexClient(baseURL: url, transport: transport, token: { "t" }), clock: RecordingSyncClock())
        #expect(await sync.pull().status.phase == .synced)
        #expect(transport.paths == ["users:me", "sync:pull", "sync:push"])
    }

    @Test("the status model shows calm words and symbols")
    @MainActor
    func statusModel() {
        #expect(SyncStatus().accessibilityLabel == "Synced")
        let offline = SyncStatus(phase: .offline, pendingCount: 3)
        #expect(offline.accessibilityLabel == "Offline, 3 changes saved on this device")
        #expect(offline.symbolName == "icloud.slash")
    }
}
