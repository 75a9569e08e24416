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
@MainActor
final class PairedWatch {
    let store: InMemorySessionStore
    let log = PlatformLog()
    let notifications = RecordingNotificationCenter()
    let complications: RecordingWidgets
    let background: RecordingBackground
    let link = TestPhoneLink()
    let phoneState = PhoneLinkState()
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
        phoneState.isReachable = phoneReachable
        service = SessionService(store: store, now: { clock.now }, makeID: { ids() })
        sync = WatchSyncRunner(store: store, link: link, now: { clock.now }, makeID: { ids() }, clock: RecordingSyncClock())
        let platform = RuntimePlatform(
            notifications: notifications, liveActivities: UnavailableLiveActivities(), widgets: complications,
            watch: UnavailableWatch(), sync: sync, signal: NoSignal(), background: background, now: { clock.now },
            syncDebounce: .zero, sleep: { _ in }, phone: phoneState
        )
        runtime = AppRuntime(service: service, platform: platform)
        screen = WatchSessionModel(actions: runtime)
    }

    /// The watch app launches (in front), and has synced once the phone answered.
    func launch() async {
        runtime.launched()
        await runtime.becameActive()
        await settled()
    }

    /// Waits for every sync the runtime asked for.
    func settled() async {
        await runtime.syncIdle()
    }

    /// The phone came in or went out of reach.
    func phone(reachable: Bool) async {
        link.isReachable = reachable
        await runtime.phoneReachabilityChanged(isReachable: reachable)
        await settled()
    }

    /// The phone's application context (or message) arrived: its records changed.
    func phoneSays(_ notice: PhoneNotice) async throws {
        await runtime.phoneMessageReceived(try WatchMessage.phoneChanged(notice).encoded())
        await settled()
    }

    /// What the watch has, after a pull from the phone.
    func pulled() async throws -> DeviceState {
        await runtime.syncNow(.pairedDeviceChanged)
        await settled()
        return try await runtime.currentState()
    }
}
