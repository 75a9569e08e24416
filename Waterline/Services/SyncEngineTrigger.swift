import WaterlineKit

/// The kit's `SyncTrigger` on the scheduler in front of the one `SyncEngine`: writes made by
/// this process (the app, the watch, Live Activity intents) drain once they pause.
@MainActor
final class SyncEngineTrigger: SyncTrigger {
    private let scheduler: SyncScheduler

    init(scheduler: SyncScheduler) {
        self.scheduler = scheduler
    }

    func syncSoon() {
        let scheduler = scheduler
        Task { await scheduler.localChange() }
    }
}
