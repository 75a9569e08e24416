import Foundation
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// An Apple Watch as the app runs on it: the kit's runtime over the watch's own store, its own
/// notification center and complication, and its phone as its backend over `TestPhoneLink`
/// (the sync engine, client and store rules are the production ones).
///
/// As watchOS runs it: the app is suspended between events (`suspend()`) and then hears nothing,
/// not even the phone coming or going; it wakes only when the person opens it (`open()`), for its
/// own notification's action (a new process on the same store), or for a WatchConnectivity
/// delivery (`deliverContext(from:)`), after which it completes the task and is suspended again.
@MainActor
final class PairedWatch {
    let store: InMemorySessionStore
    let log = PlatformLog()
    let notifications = RecordingNotificationCenter()
    let complications: RecordingWidgets
    let background: RecordingBackground
    let link = TestPhoneLink()
    /// The app runs (in front, or for a background task); false while watchOS keeps it suspended.
    private(set) var isRunning = false
    let sync: WatchSyncRunner
    let service: SessionService
    let runtime: AppRuntime
    let screen: WatchSessionModel

    /// - Parameters:
    ///   - phone: the phone's app, which answers the watch's calls.
    ///   - store: the watch's store (a second process on the same watch keeps it).
    init(clock: TestClock, phone: AppRuntime?, phoneReachable: Bool = true, store: InMemorySessionStore = InMemorySessionStore(), firstID: Int = 0x10_0000) {
        self.store = store
        notifications.log = log
        complications = RecordingWidgets(log: log)
        background = RecordingBackground(log: log)
        let ids = IncrementingUUIDs(first: firstID)
        link.phone = phone
        link.isReachable = phoneReachable
        service = SessionService(store: store, now: { clock.now }, makeID: { ids() })
        sync = WatchSyncRunner(store: store, link: link, now: { clock.now }, makeID: { ids() }, clock: RecordingSyncClock())
        let platform = RuntimePlatform(
            capabilities: .watchApp, notifications: notifications, liveActivities: UnavailableLiveActivities(), widgets: complications,
            watch: UnavailableWatch(), sync: sync, signal: NoSignal(), background: background, now: { clock.now },
            syncDebounce: .zero, sleep: { _ in }
        )
        runtime = AppRuntime(service: service, platform: platform)
        let runtime = runtime
        complications.appInFront = { runtime.isActive }
        screen = WatchSessionModel(actions: runtime)
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

    /// The person lowers the wrist: watchOS suspends the app, which hears nothing until it wakes.
    func suspend() async {
        await runtime.handle(.resignedActive)
        isRunning = false
    }

    /// The person opens the app, does `action`, and lowers the wrist.
    @discardableResult
    func glance(_ action: SessionAction) async throws -> ActionResult {
        await open()
        let result = try await runtime.send(action)
        await settled()
        await suspend()
        return result
    }

    /// The phone's latest application context, as watchOS hands it over: only when it differs
    /// from the last one delivered (an equal one is not delivered at all), waking a suspended app
    /// for a background task that ends once the app completes it. Returns whether it was delivered.
    @discardableResult
    func deliverContext(from phone: RecordingWatch) async throws -> Bool {
        guard let notice = phone.takeUndeliveredContext() else { return false }
        let wasRunning = isRunning
        isRunning = true
        try await phoneSays(notice)
        if !wasRunning { isRunning = false }
        return true
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

    /// The phone's application context (or message) arrived: its records changed.
    func phoneSays(_ notice: PhoneNotice) async throws {
        await runtime.handle(.phoneMessage(try WatchMessage.phoneChanged(notice).encoded()))
        await settled()
    }

    /// What the watch has, after a pull from the phone.
    func pulled() async throws -> DeviceState {
        await runtime.handle(.syncNow(.pairedDeviceChanged))
        await settled()
        return try await runtime.reader.currentState()
    }
}
