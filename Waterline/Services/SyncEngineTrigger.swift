import WaterlineKit

/// The kit's `SyncTrigger` on the one `SyncEngine`, which never runs two drains at once.
@MainActor
final class SyncEngineTrigger: SyncTrigger {
    private let engine: SyncEngine

    init(engine: SyncEngine) {
        self.engine = engine
    }

    func syncSoon() {
        let engine = engine
        Task { await engine.drain() }
    }
}
