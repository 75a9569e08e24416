import WaterlineCore
import WaterlineStorage

/// Where this process's surfaces stand in the store's change feed (`SessionStore.changes(after:)`),
/// and the state read at that place. Every look at the feed (a write by this process, another
/// writer's commits followed, the store shown again) runs through it one at a time
/// (`exclusively`), so each commit is shown once, as the records it changed, read onto the state
/// it changed when that state is known.
@MainActor
final class FeedPlace {
    /// The place in the feed shown; nil before the first look.
    private(set) var shown: Int?
    /// The state as it stood at `shown`, read there (whole, or onto the basis before; its version
    /// is the place): what the next commits change is read onto it. nil when not known.
    private(set) var basis: DeviceState?
    private let gate = SerialGate()
    private let changes: @MainActor (Int) async throws -> StoreChangeSet

    /// - Parameter changes: what every commit after a place changed, and the newest place.
    init(changes: @escaping @MainActor (Int) async throws -> StoreChangeSet) {
        self.changes = changes
    }

    /// Runs `body` as the only look at the feed meanwhile.
    func exclusively<T>(_ body: () async throws -> T) async rethrows -> T {
        try await gate.run(body)
    }

    /// The records every commit since the last look changed, whoever wrote them, and the look
    /// moves on; nil when the store could not say. Before the first look, everything counts as
    /// changed. The basis goes: the state at the new place is not read yet.
    func sinceShown() async -> ChangedRecords? {
        basis = nil
        guard let changed = try? await changes(shown ?? Int.max) else { return nil }
        shown = changed.version
        return changed.records
    }

    /// Takes the place before a writer runs (a sync run, the watch's push, this process's first
    /// action), so what it writes is named, not counted as everything.
    func lookBeforeWriting() async {
        guard shown == nil else { return }
        _ = await sinceShown()
    }

    /// This process's write moved the place on to `version`. No basis: a commit by another writer
    /// between the write's reads and its look would be in the place but not in its state, so the
    /// next look reads whole.
    func wrote(through version: Int) {
        shown = version
        basis = nil
    }

    /// Keeps `state` as the basis when it stands at the shown place: its version, read after the
    /// look inside the same step, is the place, so no commit came between the look and the read.
    func keep(_ state: DeviceState) {
        if state.version == shown { basis = state }
    }

    /// A look found nothing written: the state before it still stands at the place.
    func stillStands(_ state: DeviceState?) {
        basis = state
    }
}
