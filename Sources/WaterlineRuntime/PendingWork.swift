/// Work asked for without waiting (a sync at launch or activation, a refresh when a reminder fell
/// due), kept so `idle()` can wait for it: a synchronous entry point asks, a test or a command
/// that exits after its writes waits.
@MainActor
final class PendingWork {
    private var running: [Int: Task<Void, Never>] = [:]
    private var next = 0

    /// Runs `work` soon, on the main actor.
    func add(_ work: @escaping @MainActor () async -> Void) {
        let id = next
        next += 1
        // Runs on the main actor after this returns, so it is registered before it can finish.
        running[id] = Task { [weak self] in
            await work()
            self?.running[id] = nil
        }
    }

    /// Returns once every piece of work asked for so far has finished.
    func idle() async {
        while let request = running.values.first { await request.value }
    }
}
