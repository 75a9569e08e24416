import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// An Apple Watch as the app runs on it: the kit's runtime over the watch's own store, its own
/// notification center, complication and background refresh, and its phone as its backend over
/// `TestPhoneLink` (the sync engine, client, deliveries and store rules are the production ones).
///
/// As watchOS runs it: the app is suspended between events (`suspend()`) and then hears nothing,
/// not even the phone coming or going; it wakes only when the person opens it (`open()`), for its
/// own notification's action (a new process on the same store), for a WatchConnectivity delivery
/// (`deliver(from:)`, a `WKWatchConnectivityRefreshBackgroundTask`) or for the refresh it asked
/// for (`refreshIfDue()`), after which it completes the task and is suspended again. Out of the
/// front it cannot message the phone (`TestPhoneLink`).
@MainActor
final class PairedWatch {
    let store: InMemorySessionStore
    let log: PlatformLog
    let notifications = RecordingNotificationCenter()
    let complications: RecordingWidgets
    let background: RecordingBackground
    let refreshes = RecordingRefreshes()
    let link = TestPhoneLink()
    /// The watch app's file of what it transferred (a second process on the same watch keeps it).
    let ledger: MemoryLedgerStorage
    /// The app runs (in front, or for a background task); false while watchOS keeps it suspended.
    private(set) var isRunning = false
    let sync: WatchSyncRunner
    let service: SessionService
    let runtime: AppRuntime
    let screen: WatchSessionModel
    private let clock: TestClock

    /// - Parameters:
    ///   - phone: the phone's app, which answers the watch's calls.
    ///   - store: the watch's store (a second process on the same watch keeps it), and `ledger`,
    ///     the watch app's file of what it transferred.
    ///   - expecting: the surfaces the test expects the watch's fakes to reach; any other call
    ///     fails it, reported at `sourceLocation`.
    init(
        clock: TestClock, phone: AppRuntime?, phoneReachable: Bool = true, store: InMemorySessionStore = InMemorySessionStore(),
        ledger: MemoryLedgerStorage = MemoryLedgerStorage(), firstID: Int = 0x10_0000,
        expecting: Set<PlatformLog.Surface> = [], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        log = PlatformLog(expecting: expecting, capabilities: .watchApp, sourceLocation: sourceLocation)
        self.store = store
        self.ledger = ledger
        self.clock = clock
        notifications.log = log
        complications = RecordingWidgets(log: log)
        background = RecordingBackground(log: log)
        let ids = IncrementingUUIDs(first: firstID)
        link.phone = phone
        link.isReachable = phoneReachable
        service = SessionService(store: store, now: { clock.now }, makeID: { ids() })
        sync = WatchSyncRunner(store: store, link: link, ledger: ledger, now: { clock.now }, makeID: { ids() }, clock: RecordingSyncClock())
        let platform = RuntimePlatform(
            capabilities: .watchApp, notifications: notifications, liveActivities: UnavailableLiveActivities(), widgets: complications,
            watch: UnavailableWatch(), sync: sync, signal: NoSignal(), background: background, now: { clock.now },
            syncDebounce: .zero, sleep: { _ in }, pairedPhone: sync, refresh: refreshes
        )
        runtime = AppRuntime(service: service, platform: platform)
        let runtime = runtime
        complications.appInFront = { runtime.isActive }
        screen = WatchSessionModel(actions: runtime)
        // Weak: a sync still running after a test let go of its watch asks a watch that is gone, which runs nothing.
        link.appInFront = { [weak self] in (self?.isRunning ?? false) && runtime.isActive }
    }

    /// The watch app launches (in front), and has synced once the phone answered.
    func launch() async {
        await runtime.handle(.launched)
        await open()
    }

    /// The person raises the wrist and opens the app.
    func open() async {
        isRunning = true
        await runtime.handle(.becameActive)
        await settled()
    }

    /// The person lowers the wrist: the app resigns (what waits is transferred), and watchOS
    /// suspends it; it hears nothing until it wakes.
    func suspend() async {
        await runtime.handle(.resignedActive)
        await settled()
        isRunning = false
    }

    /// The person opens the app, does `action`, and lowers the wrist.
    @discardableResult
    func glance(_ action: SessionAction) async throws -> ActionResult {
        await open()
        let result = try await runtime.send(action)
        await suspend()
        return result
    }

    /// What the phone handed over waits for the watch, and watchOS hands it to the app, waking a
    /// suspended one for a background task that ends once the app completes it. Returns how many
    /// deliveries the app took.
    ///
    /// - Parameter timeFor: how many deliveries the app's background time lets it take before
    ///   watchOS ends the task and suspends it ("a limited amount of time to finish the task (on
    ///   the order of seconds)":
    ///   https://developer.apple.com/documentation/watchkit/wkrefreshbackgroundtask/settaskcompleted());
    ///   the rest stay queued for the next wake. Apple gives the time, not a count: the scenarios
    ///   cut a wake short at every length and hold that nothing is lost either way.
    @discardableResult
    func deliver(from phone: RecordingWatch, timeFor limit: Int = .max) async throws -> Int {
        let waiting = phone.takeWaiting(atMost: isRunning ? .max : limit)
        guard !waiting.isEmpty else { return 0 }
        try await awake {
            for delivery in waiting { await runtime.handle(.phoneMessage(try WatchMessage.delivery(delivery).encoded())) }
        }
        return waiting.count
    }

    /// The background refresh the app asked for has come (the clock is at or past it): watchOS
    /// wakes the app, which brings its reminders and face up to date, and suspends it again.
    @discardableResult
    func refreshIfDue() async throws -> Bool {
        guard refreshes.takeDue(at: clock.now) else { return false }
        try await awake { await runtime.handle(.backgroundRefresh) }
        return true
    }

    /// Runs `work` with the app awake (woken for it when suspended), and waits for what it asked.
    /// A background task must be completed before the app is suspended again: watchOS counts one
    /// left open against the app
    /// (https://developer.apple.com/documentation/watchkit/wkrefreshbackgroundtask/settaskcompletedwithsnapshot(_:)).
    private func awake(_ work: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let wasRunning = isRunning
        isRunning = true
        try await work()
        await settled()
        if !wasRunning {
            if !background.open.isEmpty { Issue.record("the app was suspended with background work still open: \(background.begun)", sourceLocation: sourceLocation) }
            isRunning = false
        }
    }

    /// Waits for every sync the runtime asked for.
    func settled() async {
        await runtime.handle(.settle)
    }

    /// The phone came in or went out of reach.
    func phone(reachable: Bool) async {
        link.isReachable = reachable
        // A suspended app hears no reachability change.
        guard isRunning else { return }
        await runtime.handle(.phoneReachabilityChanged(isReachable: reachable))
        await settled()
    }

    /// What the watch has, after a pull from the phone (the app in front).
    func pulled() async throws -> DeviceState {
        await runtime.handle(.syncNow(.pairedDeviceChanged))
        await settled()
        return try await runtime.reader.currentState()
    }
}
