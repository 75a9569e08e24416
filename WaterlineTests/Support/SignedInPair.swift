import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
import WaterlineTestSupport

/// A phone signed in to a cloud (a store in the test's process answered by the backend's rules),
/// its app in front, and its watch launched beside it and then out of the phone's reach.
@MainActor
struct SignedInPair {
    let cloudStore = InMemorySessionStore()
    let harness: ServiceHarness
    let phone: DeviceProcess
    let watch: PairedWatch

    init(_ settings: UserSettings = UserSettings()) async throws {
        try await cloudStore.saveUser(User(id: UUID(number: 0xC10D), createdAt: Fixed.start))
        harness = try await ServiceHarness.prepared(settings)
        let (clock, cloudStore) = (harness.clock, cloudStore)
        let cloud = InProcessBackend(server: WatchLinkServer(store: cloudStore, ledger: MemoryLedgerStorage(), now: { clock.now }))
        phone = DeviceProcess(
            harness, runner: SyncEngine(store: harness.store, client: cloud, clock: RecordingSyncClock()),
            expecting: [.reminders, .liveActivity, .widgets, .watch, .screens]
        )
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.becameActive)
        await phone.settled()
        watch = PairedWatch(clock: clock, phone: phone.runtime, expecting: [.reminders, .nudge, .widgets])
        await watch.launch()
        await watch.phone(reachable: false)
    }
}
