import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage
import WaterlineSync
import WaterlineRuntime

@MainActor
struct Pair {
    let clock = BenchClock()
    let phoneStore = InMemorySessionStore()
    let watchStore = InMemorySessionStore()
    let link = DirectLink()
    let toWatch: DirectWatch
    let phone: AppRuntime
    let watch: AppRuntime
    let sync: WatchSyncRunner

    init() {
        let clock = clock
        let toWatch = DirectWatch(link: link)
        self.toWatch = toWatch
        let phonePlatform = RuntimePlatform(
            capabilities: .phoneApp, notifications: NoNotifications(), liveActivities: UnavailableLiveActivities(), widgets: NoWidgets(),
            watch: toWatch, sync: NoSync(), signal: NoSignal(), background: NoBackgroundTasks(), now: { clock.now }, syncDebounce: .zero,
            sleep: { _ in }, watchLinkServer: WatchLinkServer(store: phoneStore, ledger: MemoryLedgerStorage(), now: { clock.now })
        )
        phone = AppRuntime(service: SessionService(store: phoneStore, now: { clock.now }), platform: phonePlatform)
        link.phone = phone
        let sync = WatchSyncRunner(store: watchStore, link: link, ledger: MemoryLedgerStorage(), now: { clock.now }, makeID: { UUID() })
        let watchPlatform = RuntimePlatform(
            capabilities: .watchApp, notifications: NoNotifications(), liveActivities: UnavailableLiveActivities(), widgets: NoWidgets(),
            watch: UnavailableWatch(), sync: sync, signal: NoSignal(), background: NoBackgroundTasks(), now: { clock.now },
            syncDebounce: .zero, sleep: { _ in }, pairedPhone: sync
        )
        watch = AppRuntime(service: SessionService(store: watchStore, now: { clock.now }), platform: watchPlatform)
        self.sync = sync
        toWatch.watch = watch
    }

    /// Both runtimes done with everything the last change asked for.
    func settled() async {
        await watch.handle(.settle)
        await phone.handle(.settle)
        await watch.handle(.settle)
    }

    /// The two are in reach: each hands the other what waits for it, until nothing does.
    func exchange() async {
        for _ in 0..<3 {
            await link.handOver()
            await phone.handle(.settle)
            await toWatch.handOver()
            await watch.handle(.settle)
        }
    }
}
