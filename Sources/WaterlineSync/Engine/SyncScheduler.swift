import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage

/// Every reason to sync asks here, and this alone decides when the `SyncRunner` runs: local
/// writes push once they pause (a burst of taps is one push); launch, activation, sign-in, the
/// network coming back and background refresh pull (which pushes after); while the app is open,
/// its tick pulls once `openPullInterval` has passed since the last look. One run at a time: a
/// request made during a run is folded into one more run after it (a pull covers a push). Each
/// run's start and report go to `onRun`, so the runtime shows the status and, from the store's
/// change feed, what the run wrote.
///
/// It lives on the main actor with the runtime that asks it and hears its runs: asking, and
/// hearing a run start and end, cost no trip to another thread and back (a log made on the watch
/// asks for a push every time). Only the run itself (`SyncRunner`) goes off the main actor.
@MainActor
public final class SyncScheduler {
    /// What the scheduler tells its owner about a run.
    public enum RunEvent: Hashable, Sendable {
        case started
        case finished(SyncReport)
    }

    /// Why a sync was asked for.
    public enum Reason: String, Sendable, CaseIterable {
        case localChange, networkBack, launch, activation, signIn, backgroundRefresh, background
        /// The paired phone said its records changed (on the watch).
        case pairedDeviceChanged
        /// A quiet look for other devices' changes while the app is open (`openPullInterval`).
        case whileOpen
        /// `waterline sync` in a terminal.
        case commandLine
    }

    /// How long writes must pause before a push.
    nonisolated public static let defaultDebounce: Duration = .milliseconds(1_500)
    /// While the app is open, another device's change (a session ended there) shows within this long.
    nonisolated public static let openPullInterval: TimeInterval = 60

    private enum Work: Int, Comparable {
        case push, pull
        static func < (lhs: Work, rhs: Work) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private let runner: any SyncRunner
    private let debounce: Duration
    private let sleep: @Sendable (Duration) async -> Void
    private let onRun: @MainActor (RunEvent) async -> Void
    private let now: @Sendable () -> Date
    /// When the open app last looked for other devices' changes (coming to the front counts).
    private var lastOpenLook: Date?
    private var generation = 0
    private var online: Bool?
    private var isRunning = false
    private var queued: Work?
    private var runWaiters: [CheckedContinuation<Void, Never>] = []
    /// Debounced pushes still waiting for writes to pause.
    private var debouncing = 0
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// The last `historyLimit` runs asked for, by their reason, newest last: what tests read to see
    /// who asked. Bounded, so a phone that stays up for weeks does not keep every ask.
    public private(set) var history: [Reason] = []
    public static let historyLimit = 32
    /// The last run's report.
    public private(set) var lastReport: SyncReport?

    private func remember(_ reason: Reason) {
        history.append(reason)
        if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
    }

    /// - Parameters:
    ///   - sleep: waits (the app: `Task.sleep`; tests: a hand-released wait);
    ///   - onRun: told when a run starts and what it left when it ends, before the next run starts;
    ///   - now: the clock the open app's looks are timed by.
    public init(
        runner: any SyncRunner, debounce: Duration = SyncScheduler.defaultDebounce,
        sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) },
        now: @escaping @Sendable () -> Date = { Date() },
        onRun: @escaping @MainActor (RunEvent) async -> Void = { _ in }
    ) {
        self.runner = runner
        self.debounce = debounce
        self.sleep = sleep
        self.now = now
        self.onRun = onRun
    }

    /// A local write. Pushes once writes have paused for the debounce; returns the wait, so a
    /// caller (a test) can await it.
    @discardableResult
    public func localChange() -> Task<Void, Never> {
        generation += 1
        debouncing += 1
        let mine = generation
        return Task {
            await sleep(debounce)
            await self.pushIfLatest(mine)
        }
    }

    /// Returns once nothing runs and no push waits for its pause (for tests and a command that
    /// exits after its writes).
    public func idle() async {
        guard isRunning || debouncing > 0 else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    /// Pushes now what waits, without the debounce, and returns once it is done: a change made
    /// while the app runs in the background is sent before that time is handed back.
    public func pushNow() async {
        generation += 1
        remember(.background)
        await run(.push)
    }

    /// "Send Again": every change the backend refused is released and pushed now; nothing runs
    /// when none was refused. Returns once it is done.
    public func resendRefused() async {
        guard await runner.releaseRefusals() > 0 else { return }
        await pushNow()
    }

    /// Any other reason syncs both ways now (and makes a waiting debounce unnecessary): the
    /// cursor makes a pull with nothing new one small request. Returns once it is done.
    public func syncNow(_ reason: Reason) async {
        generation += 1
        remember(reason)
        if reason == .activation || reason == .whileOpen { lastOpenLook = now() }
        await run(.pull)
    }

    /// The open app's tick: pulls when `openPullInterval` has passed since it came to the front or
    /// last looked, and returns once that is done. Returns whether it pulled.
    @discardableResult
    public func openAppTick() async -> Bool {
        guard let last = lastOpenLook, now().timeIntervalSince(last) >= Self.openPullInterval else { return false }
        await syncNow(.whileOpen)
        return true
    }

    /// The network's state changed; coming back online syncs what waited for it.
    public func networkChanged(isOnline: Bool) async {
        let wasOffline = online == false
        online = isOnline
        if isOnline, wasOffline { await syncNow(.networkBack) }
    }

    private func pushIfLatest(_ mine: Int) async {
        if mine == generation {
            remember(.localChange)
            await run(.push)
        }
        debouncing -= 1
        resumeIdleWaiters()
    }

    /// Runs `work`, or folds it into the run after the current one; returns when the runs end.
    private func run(_ work: Work) async {
        queued = max(queued ?? work, work)
        if isRunning {
            await withCheckedContinuation { runWaiters.append($0) }
            return
        }
        isRunning = true
        while let next = queued {
            queued = nil
            await onRun(.started)
            let report = next == .pull ? await runner.pull() : await runner.push()
            lastReport = report
            await onRun(.finished(report))
        }
        isRunning = false
        let waiters = runWaiters
        runWaiters = []
        for waiter in waiters { waiter.resume() }
        resumeIdleWaiters()
    }

    private func resumeIdleWaiters() {
        guard !isRunning, debouncing == 0 else { return }
        let waiters = idleWaiters
        idleWaiters = []
        for waiter in waiters { waiter.resume() }
    }
}
