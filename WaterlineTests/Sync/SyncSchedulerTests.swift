import Foundation
import Testing
@testable import WaterlineKit
import WaterlineTestSupport

/// When the app asks its one sync engine to drain.
@Suite("Sync triggers")
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

    final class DrainCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var drains = 0
        var value: Int { lock.withLock { drains } }
        func drain() { lock.withLock { drains += 1 } }
    }

    @Test("a burst of local writes is one drain, after the writes pause")
    func debounced() async {
        let waits = HeldWaits(), drains = DrainCounter()
        let scheduler = SyncScheduler(sleep: { await waits.wait($0) }, drain: { drains.drain() })
        var tasks: [Task<Void, Never>] = []
        for _ in 0..<5 { tasks.append(await scheduler.localChange()) }
        #expect(drains.value == 0, "nothing is pushed while the person is still tapping")
        while waits.count < 5 { await Task.yield() }
        waits.releaseAll()
        for task in tasks { await task.value }
        #expect(drains.value == 1)
        #expect(await scheduler.history == [.localChange])
    }

    @Test("launch, activation, sign-in and background refresh drain at once, and stand in for a waiting debounce")
    func immediate() async {
        let waits = HeldWaits(), drains = DrainCounter()
        let scheduler = SyncScheduler(sleep: { await waits.wait($0) }, drain: { drains.drain() })
        let pending = await scheduler.localChange()
        for reason in [SyncScheduler.Reason.launch, .activation, .signIn, .backgroundRefresh] { await scheduler.drainNow(reason) }
        #expect(drains.value == 4)
        while waits.count < 1 { await Task.yield() }
        waits.releaseAll()
        await pending.value
        #expect(drains.value == 4, "the write was already pushed by the later drain")
    }

    @Test("the network coming back drains; staying online or going offline does not")
    func network() async {
        let drains = DrainCounter()
        let scheduler = SyncScheduler(sleep: { _ in }, drain: { drains.drain() })
        await scheduler.networkChanged(isOnline: true)
        #expect(drains.value == 0, "the first report is not a change")
        await scheduler.networkChanged(isOnline: false)
        await scheduler.networkChanged(isOnline: false)
        #expect(drains.value == 0)
        await scheduler.networkChanged(isOnline: true)
        #expect(drains.value == 1)
        await scheduler.networkChanged(isOnline: true)
        #expect(drains.value == 1)
        #expect(await scheduler.history == [.networkBack])
    }

    @Test("a local write only pushes; every other reason pulls (which pushes after)")
    func pullForOtherReasons() async {
        let waits = HeldWaits(), drains = DrainCounter(), pulls = DrainCounter()
        let scheduler = SyncScheduler(sleep: { await waits.wait($0) }, drain: { drains.drain() }, pull: { pulls.drain() })
        let write = await scheduler.localChange()
        while waits.count < 1 { await Task.yield() }
        waits.releaseAll()
        await write.value
        #expect((drains.value, pulls.value) == (1, 0))
        for reason in [SyncScheduler.Reason.launch, .activation, .signIn, .backgroundRefresh] { await scheduler.drainNow(reason) }
        await scheduler.networkChanged(isOnline: false)
        await scheduler.networkChanged(isOnline: true)
        #expect((drains.value, pulls.value) == (1, 5))
    }
}
