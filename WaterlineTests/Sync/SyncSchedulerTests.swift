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

/// When the one sync engine runs: the scheduler alone decides, and runs one call at a time.
@Suite("Sync scheduler")
@MainActor
struct SyncSchedulerTests {
    /// Waits that end only when the test says so.
    final class HeldWaits: @unchecked Sendable {
        private let lock = NSLock()
        private var waiting: [CheckedContinuation<Void, Never>] = []

        var count: Int { lock.withLock { waiting.count } }

        func wait(_ duration: Duration) async {
            await withCheckedContinuation { continuation in lock.withLock { waiting.append(continuation) } }
        }

        func releaseAll() {
            let released = lock.withLock { defer { waiting.removeAll() }; return waiting }
            for continuation in released { continuation.resume() }
        }
    }

    /// Counts pulls and pushes, and what was replaced.
    final class CountingRunner: SyncRunner, @unchecked Sendable {
        private let lock = NSLock()
        private var counts = (pulls: 0, pushes: 0)
        private let status: SyncStatus
        init(status: SyncStatus = SyncStatus()) { self.status = status }
        var pulls: Int { lock.withLock { counts.pulls } }
        var pushes: Int { lock.withLock { counts.pushes } }
        func pull() async -> SyncReport {
            lock.withLock { counts.pulls += 1 }
            return SyncReport(status: status)
        }
        func push() async -> SyncReport {
            lock.withLock { counts.pushes += 1 }
            return SyncReport(status: SyncStatus())
        }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        var count: Int { lock.withLock { value } }
        func add() { lock.withLock { value += 1 } }
    }

    @Test("a burst of local writes is one push, after the writes pause")
    func debounced() async {
        let waits = HeldWaits(), runner = CountingRunner()
        let scheduler = SyncScheduler(runner: runner, sleep: { await waits.wait($0) })
        var tasks: [Task<Void, Never>] = []
        for _ in 0..<5 { tasks.append(scheduler.localChange()) }
        #expect(runner.pushes == 0, "nothing is pushed while the person is still tapping")
        while waits.count < 5 { await Task.yield() }
        waits.releaseAll()
        for task in tasks { await task.value }
        #expect((runner.pushes, runner.pulls) == (1, 0))
        #expect(await scheduler.history == [.localChange])
    }

    @Test("launch, activation, sign-in and background refresh pull at once, and stand in for a waiting push")
    func immediate() async {
        let waits = HeldWaits(), runner = CountingRunner()
        let scheduler = SyncScheduler(runner: runner, sleep: { await waits.wait($0) })
        let pending = scheduler.localChange()
        for reason in [SyncScheduler.Reason.launch, .activation, .signIn, .backgroundRefresh] { await scheduler.syncNow(reason) }
        #expect((runner.pulls, runner.pushes) == (4, 0))
        while waits.count < 1 { await Task.yield() }
        waits.releaseAll()
        await pending.value
        #expect(runner.pushes == 0, "the write was already pushed by the later pulls")
        await scheduler.idle()
    }

    @Test("the reasons it keeps are the latest few, however long the process lives")
    func boundedHistory() async {
        let runner = CountingRunner()
        let scheduler = SyncScheduler(runner: runner, sleep: { _ in })
        for _ in 0..<(SyncScheduler.historyLimit * 3) { await scheduler.syncNow(.backgroundRefresh) }
        await scheduler.syncNow(.signIn)
        #expect(runner.pulls == SyncScheduler.historyLimit * 3 + 1, "every ask still ran")
        let history = await scheduler.history
        #expect(history.count == SyncScheduler.historyLimit)
        #expect(history.last == .signIn)
    }

    @Test("the network coming back pulls; staying online or going offline does not")
    func network() async {
        let runner = CountingRunner()
        let scheduler = SyncScheduler(runner: runner, sleep: { _ in })
        await scheduler.networkChanged(isOnline: true)
        #expect(runner.pulls == 0, "the first report is not a change")
        await scheduler.networkChanged(isOnline: false)
        await scheduler.networkChanged(isOnline: false)
        #expect(runner.pulls == 0)
        await scheduler.networkChanged(isOnline: true)
        #expect(runner.pulls == 1)
        await scheduler.networkChanged(isOnline: true)
        #expect(runner.pulls == 1)
        #expect(await scheduler.history == [.networkBack])
    }

    @Test("the open app's tick pulls once a minute after coming to the front or its last look, and not before the app came to the front")
    func openAppTick() async {
        let runner = CountingRunner()
        let clock = TestClock()
        let scheduler = SyncScheduler(runner: runner, sleep: { _ in }, now: { clock.now })
        #expect(await scheduler.openAppTick() == false, "the app never came to the front")
        await scheduler.syncNow(.activation)
        clock.advance(minutes: (SyncScheduler.openPullInterval - 1) / 60)
        #expect(await scheduler.openAppTick() == false)
        clock.advance(minutes: 1.0 / 60)
        #expect(await scheduler.openAppTick() == true)
        #expect(await scheduler.openAppTick() == false, "the look just made counts")
        clock.advance(minutes: 0.5)
        await scheduler.syncNow(.activation)
        clock.advance(minutes: 59.0 / 60)
        #expect(await scheduler.openAppTick() == false, "coming to the front again counts as a look")
        clock.advance(minutes: 1.0 / 60)
        #expect(await scheduler.openAppTick() == true)
        #expect(runner.pulls == 4)
        #expect(await scheduler.history == [.activation, .whileOpen, .activation, .whileOpen])
    }

    @Test("pushing now skips the pause and returns once done")
    func pushNow() async {
        let waits = HeldWaits(), runner = CountingRunner()
        let scheduler = SyncScheduler(runner: runner, sleep: { await waits.wait($0) })
        let pending = scheduler.localChange()
        await scheduler.pushNow()
        #expect(runner.pushes == 1)
        while waits.count < 1 { await Task.yield() }
        waits.releaseAll()
        await pending.value
        #expect(runner.pushes == 1, "the debounced push was superseded")
    }

    @Test("each run's start and report reach the owner, with the status it left")
    func reported() async {
        let heard = EventLog()
        let left = SyncStatus(phase: .offline, pendingCount: 2)
        let scheduler = SyncScheduler(runner: CountingRunner(status: left), sleep: { _ in }, onRun: { heard.add($0) })
        await scheduler.syncNow(.launch)
        #expect(heard.events.count == 2)
        #expect(heard.events.first == .started)
        guard case .finished(let report)? = heard.events.last else { Issue.record("no report"); return }
        #expect(report.status == left)
    }

    final class EventLog: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [SyncScheduler.RunEvent] = []
        var events: [SyncScheduler.RunEvent] { lock.withLock { stored } }
        func add(_ event: SyncScheduler.RunEvent) { lock.withLock { stored.append(event) } }
    }

    /// Holds the first request until the test lets it go, then answers like `ScriptedTransport`.
    final class HeldTransport: HTTPTransport, @unchecked Sendable {
        let inner = ScriptedTransport(fallback: ScriptedTransport.echo)
        private let lock = NSLock()
        private var held: CheckedContinuation<Void, Never>?
        private var first = true

        var isHolding: Bool { lock.withLock { held != nil } }

        func release() {
            let waiting = lock.withLock { defer { held = nil }; return held }
            waiting?.resume()
        }

        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            let holds = lock.withLock { defer { first = false }; return first }
            if holds { await withCheckedContinuation { continuation in lock.withLock { held = continuation } } }
            return try await inner.send(request)
        }
    }

    func engine(_ transport: HeldTransport, store: InMemorySessionStore) -> SyncEngine {
        SyncEngine(
            store: store, client: ConvexClient(baseURL: URL(string: "https://example.convex.cloud")!, transport: transport, token: { "t" }),
            credentials: InMemoryCredentialStore(SyncEngineTests.credential()), clock: RecordingSyncClock()
        )
    }

    @Test("a pull asked for while a push runs happens once the push ends, not beside it")
    func pullDuringPush() async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        let transport = HeldTransport()
        let scheduler = SyncScheduler(runner: engine(transport, store: harness.store), sleep: { _ in })
        let pushing = Task { await scheduler.pushNow() }
        while !transport.isHolding { await Task.yield() }
        let pulling = Task { await scheduler.syncNow(.activation) }
        await Task.yield()
        #expect(transport.inner.paths.isEmpty, "it waits for the push")
        transport.release()
        await pushing.value
        await pulling.value
        #expect(transport.inner.paths == ["sync:push", "sync:pull"])
    }

    @Test("pushes asked for while a pull runs fold into it: the pull's own push sends everything")
    func pushDuringPull() async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        let transport = HeldTransport()
        let scheduler = SyncScheduler(runner: engine(transport, store: harness.store), sleep: { _ in })
        let pulling = Task { await scheduler.syncNow(.launch) }
        while !transport.isHolding { await Task.yield() }
        scheduler.localChange()
        scheduler.localChange()
        #expect(transport.inner.paths.isEmpty, "nothing is sent beside the pull")
        transport.release()
        await pulling.value
        await scheduler.idle()
        #expect(transport.inner.paths.first == "sync:pull")
        #expect(transport.inner.paths.filter { $0 == "sync:pull" }.count == 1)
        #expect(try await harness.store.pendingChanges().isEmpty)
    }
}
