import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import WaterlineAPI
@testable import WaterlineCore
@testable import WaterlineStorage
@testable import WaterlineSync
import WaterlineTestSupport

/// The client against a broken or hostile server: nothing it answers keeps the device pulling,
/// waiting or filling memory for ever.
@Suite("Sync against a broken or hostile server")
struct HostileServerTests {
    let url = URL(string: "https://example.convex.cloud")!

    func engine(_ transport: any HTTPTransport, store: InMemorySessionStore, maximumPages: Int = SyncEngine.maximumPagesPerPull,
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) -> SyncEngine {
        SyncEngine(
            store: store, client: ConvexClient(baseURL: url, transport: transport, token: { "t" }, sleep: sleep),
            credentials: InMemoryCredentialStore(SyncEngineTests.credential()), clock: RecordingSyncClock(),
            backoff: Backoff(baseSeconds: 1, capSeconds: 1, maxRetries: 0), maximumPagesPerPull: maximumPages
        )
    }

    /// Pages that never end: each moves the cursor on by one and says there is more.
    static func endlessPages() -> ScriptedTransport {
        ScriptedTransport(fallback: { path, args in
            guard path == "sync:pull" else { return ScriptedTransport.echo(path, args) }
            let next = (args["cursor"] as? Int ?? 0) + 1
            let data = try! JSONSerialization.data(withJSONObject: ["status": "success", "value": ["changes": [Any](), "cursor": next, "hasMore": true]])
            return .json(200, String(decoding: data, as: UTF8.self))
        })
    }

    @Test("hasMore for ever stops at the page limit; the cursor reached is kept for the next pull")
    func endlessPull() async throws {
        let harness = try await ServiceHarness.prepared()
        let transport = Self.endlessPages()
        let report = await engine(transport, store: harness.store, maximumPages: 25).pull()
        #expect(transport.paths.filter { $0 == "sync:pull" }.count == 25)
        #expect(report.status.lastError?.contains("stopped after 25 pages") == true)
        #expect(try await harness.store.syncCursor()?.position == 25)
    }

    @Test("a page that says there is more without moving on is refused at once")
    func stuckCursor() async throws {
        let harness = try await ServiceHarness.prepared()
        let stuck = try JSONSerialization.data(withJSONObject: ["status": "success", "value": ["changes": [Any](), "cursor": 0, "hasMore": true]])
        let transport = ScriptedTransport(fallback: { path, args in
            path == "sync:pull" ? .json(200, String(decoding: stuck, as: UTF8.self)) : ScriptedTransport.echo(path, args)
        })
        try await harness.store.saveSyncCursor(SyncCursor(accountId: SyncEngineTests.account, position: 0))
        let report = await engine(transport, store: harness.store).pull()
        #expect(transport.paths.filter { $0 == "sync:pull" }.count == 1)
        #expect(report.status.phase == .offline)
        #expect(report.status.lastError?.contains("without moving past cursor 0") == true)
    }

    @Test("logs whose session never comes are held up to a bound, and fetched again from the start next time")
    func orphans() async throws {
        let harness = try await ServiceHarness.prepared()
        let orphans = (0..<(SyncEngine.maximumUnplaced + 50)).map { index in
            // Over ten sessions that never come, each within its quota of logs (more are set aside).
            SyncPayload.logEntry(LogEntry.water(id: UUID(), sessionId: UUID(number: 0xBAD0 + index % 10), at: Fixed.start.addingTimeInterval(Double(index)), amountOz: 8))
        }
        // In pages no larger than asked (a larger one is refused whole).
        let pages = try stride(from: 0, to: orphans.count, by: Limits.pullPage).map { start in
            let end = min(start + Limits.pullPage, orphans.count)
            let page = PullPage(changes: Array(orphans[start..<end]), cursor: end, hasMore: end < orphans.count)
            let data = try JSONSerialization.data(withJSONObject: ["status": "success", "value": JSONSerialization.jsonObject(with: WaterlineCoding.encoder().encode(page))])
            return ScriptedTransport.Answer.json(200, String(decoding: data, as: UTF8.self))
        }
        let transport = ScriptedTransport(pages, fallback: ScriptedTransport.echo)
        let report = await engine(transport, store: harness.store).pull()
        #expect(report.status.lastError?.contains("\(SyncEngine.maximumUnplaced + 50) entries arrived without their session") == true)
        #expect(try await harness.store.syncCursor()?.position == nil, "the next pull starts over rather than skip them")
    }

    /// Settings no device may keep: a server that sends them (from a pull, or as what it stored of
    /// a push) is not believed, and the device keeps acting on its own.
    static let brokenSettings = UserSettings(
        waterEveryNDrinks: 0, warningThreshold: -3, defaultWaterAmountOz: -1, updatedAt: Fixed.start.addingTimeInterval(600)
    )

    @Test("settings out of range in a pulled page are not kept, and the status says so")
    func outOfRangeSettingsPulled() async throws {
        let harness = try await ServiceHarness.prepared()
        let before = try await harness.store.user()?.settings
        let page = try JSONSerialization.jsonObject(with: WaterlineCoding.encoder().encode(
            PullPage(changes: [.settings(Self.brokenSettings)], cursor: 3, hasMore: false)
        ))
        let data = try JSONSerialization.data(withJSONObject: ["status": "success", "value": page])
        let transport = ScriptedTransport([.json(200, String(decoding: data, as: UTF8.self))], fallback: ScriptedTransport.echo)
        let report = await engine(transport, store: harness.store).pull()
        #expect(try await harness.store.user()?.settings == before)
        #expect(report.status.lastError?.contains("1 changes from the server could not be read or kept here and were set aside") == true)
        #expect(try await harness.store.syncCursor()?.position == 3, "the rest of the page is taken; the pull moves on")
    }

    @Test("a push's answer holding settings out of range is not kept; nor a log of a negative size, nor a stamp past 2100")
    func outOfRangeAnswers() async throws {
        let harness = try await ServiceHarness.prepared()
        let before = try await harness.store.user()?.settings
        var late = UserSettings(updatedAt: Date(timeIntervalSince1970: 4_200_000_000))
        late.waterEveryNDrinks = 2
        for answer in [Self.brokenSettings, late] {
            let replaced = try await harness.store.settle([PushedChange(key: SyncPayload.settings(answer).key, revision: 1, stored: .settings(answer))])
            #expect(replaced.isEmpty)
        }
        #expect(try await harness.store.user()?.settings == before)
        var negative = LogEntry.water(id: UUID(), sessionId: UUID(), at: Fixed.start, amountOz: 8)
        negative.waterMeta?.amountOz = -8
        #expect(try await !harness.store.applyRemote(.logEntry(negative)))
        #expect(throws: SessionStoreError.self) { try StoreRules.checkRemote(.logEntry(negative)) }
    }

    @Test("a record of any kind stamped past 2100, or deleted past 2100, is not kept: it would win every later merge")
    func everyStampChecked() async throws {
        let harness = try await ServiceHarness.prepared()
        let started = try await harness.service.startSession().snapshot.session
        let future = Date(timeIntervalSince1970: 4_200_000_000)
        var session = started.record
        session.updatedAt = future
        var log = LogEntry.water(id: UUID(), sessionId: started.id, at: Fixed.start, amountOz: 8)
        log.updatedAt = future
        var deleted = LogEntry.water(id: UUID(), sessionId: started.id, at: Fixed.start, amountOz: 8)
        deleted.deletedAt = future
        var preset = try await harness.presetNamed("Beer").record
        preset.updatedAt = future
        for payload in [SyncPayload.session(session), .logEntry(log), .logEntry(deleted), .preset(preset)] {
            #expect(throws: SessionStoreError.self, "\(payload.key)") { try StoreRules.checkRemote(payload) }
            #expect(try await !harness.store.applyRemote(payload), "\(payload.key)")
        }
        #expect(try await harness.store.session(id: started.id)?.updatedAt == started.updatedAt)
        #expect(try await harness.presetNamed("Beer").updatedAt != future)
    }

    @Test("a pull page larger than asked is refused whole, nothing of it kept, and the cursor stays")
    func pageLargerThanAsked() async throws {
        let harness = try await ServiceHarness.prepared()
        let session = try await harness.service.startSession().snapshot.session
        let logs = (0..<30).map { SyncPayload.logEntry(LogEntry.water(id: UUID(), sessionId: session.id, at: Fixed.start.addingTimeInterval(Double($0)), amountOz: 8)) }
        let page = try JSONSerialization.jsonObject(with: WaterlineCoding.encoder().encode(PullPage(changes: logs, cursor: 99, hasMore: false)))
        let data = try JSONSerialization.data(withJSONObject: ["status": "success", "value": page])
        let transport = ScriptedTransport([.json(200, String(decoding: data, as: UTF8.self))], fallback: ScriptedTransport.echo)
        let client = ConvexClient(baseURL: url, transport: transport, token: { "t" })
        let report = await SyncEngine(
            store: harness.store, client: client, credentials: InMemoryCredentialStore(SyncEngineTests.credential()), clock: RecordingSyncClock(),
            backoff: Backoff(baseSeconds: 1, capSeconds: 1, maxRetries: 0), pageSize: 20
        ).pull()
        #expect(report.status.lastError?.contains("30 changes for a page of at most 20") == true, "\(report.status)")
        #expect(try await harness.store.logs(sessionId: session.id).isEmpty)
        #expect(try await harness.store.syncCursor()?.position == nil, "the next pull asks from the same place")
    }

    /// A server that answers the headers and then trickles the body for ever.
    struct TricklingTransport: HTTPTransport {
        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            while !Task.isCancelled { await Task.yield() }
            throw CancellationError()
        }
    }

    @Test("an answer that never completes ends at the call's deadline, as offline, and the exchange is cancelled")
    func trickle() async throws {
        // The deadline's wait returns at once: no real time passes in the test.
        let client = ConvexClient(baseURL: url, deadline: .seconds(60), transport: TricklingTransport(), sleep: { _ in })
        await #expect(throws: ConvexError.self) { try await client.call(Users.Me.self) }
        do {
            _ = try await client.call(Users.Me.self)
        } catch {
            #expect(error.isRetryable && error.description.contains("no complete answer"))
        }
    }

    @Test("an answer larger than any the backend sends is refused")
    func hugeAnswer() async throws {
        let huge = #"{"status":"success","value":""# + String(repeating: "x", count: ConvexClient.maximumResponseBytes) + #""}"#
        let client = ConvexClient(baseURL: url, transport: ScriptedTransport([.json(200, huge)]))
        do {
            _ = try await client.call(Users.Me.self)
            Issue.record("a huge answer was taken")
        } catch {
            guard case .badResponse(let message) = error else { Issue.record("\(error)"); return }
            #expect(message.contains("larger than any the backend sends"))
        }
    }
}
