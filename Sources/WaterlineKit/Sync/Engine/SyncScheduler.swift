import Foundation

/// Funnels every reason to sync into the one engine: local writes (debounced, so a burst of
/// taps is one drain), the network coming back, launch, activation, sign-in and background
/// refresh. The engine itself never runs two drains at once; this only decides when to ask.
public actor SyncScheduler {
    /// Why a drain was asked for.
    public enum Reason: String, Sendable, CaseIterable {
        case localChange, networkBack, launch, activation, signIn, backgroundRefresh
    }

    /// How long writes must pause before a drain.
    public static let defaultDebounce: Duration = .milliseconds(1_500)

    private let debounce: Duration
    private let sleep: @Sendable (Duration) async -> Void
    private let drain: @Sendable () async -> Void
    private let pull: @Sendable () async -> Void
    private var generation = 0
    private var online: Bool?
    /// Every drain asked for, with its reason, newest last (for the status screen and tests).
    public private(set) var history: [Reason] = []

    /// - Parameters:
    ///   - sleep: waits (the app: `Task.sleep`; tests: a hand-released wait);
    ///   - drain: pushes the outbox (`SyncEngine.drain`), after a local write;
    ///   - pull: fetches what changed elsewhere and then pushes (`SyncEngine.pull`), for every
    ///     other reason; the drain when not given.
    public init(
        debounce: Duration = SyncScheduler.defaultDebounce,
        sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) },
        drain: @escaping @Sendable () async -> Void,
        pull: (@Sendable () async -> Void)? = nil
    ) {
        self.debounce = debounce
        self.sleep = sleep
        self.drain = drain
        self.pull = pull ?? drain
    }

    /// A local write. Drains once writes have paused for the debounce; returns the wait, so a
    /// caller (a test, a background task) can await it.
    @discardableResult
    public func localChange() -> Task<Void, Never> {
        generation += 1
        let mine = generation
        return Task {
            await sleep(debounce)
            await self.drainIfLatest(mine)
        }
    }

    /// Any other reason syncs both ways now (and makes a waiting debounce unnecessary): the
    /// cursor makes a pull with nothing new one small request.
    public func drainNow(_ reason: Reason) async {
        generation += 1
        history.append(reason)
        await pull()
    }

    /// The network's state changed; coming back online drains what waited for it.
    public func networkChanged(isOnline: Bool) async {
        let wasOffline = online == false
        online = isOnline
        if isOnline, wasOffline { await drainNow(.networkBack) }
    }

    private func drainIfLatest(_ mine: Int) async {
        guard mine == generation else { return }
        history.append(.localChange)
        await drain()
    }
}
