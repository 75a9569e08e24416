/// Lets one piece of async work run at a time on its owner's actor: each `run` waits for the
/// one before it to finish, even across that one's suspension points. Owned by an actor (or a
/// main-actor class) and used only from its isolation.
public final class SerialGate {
    private var isBusy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init() {}

    public func run<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async rethrows -> T {
        if isBusy {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            isBusy = true
        }
        defer {
            if waiting.isEmpty { isBusy = false } else { waiting.removeFirst().resume() }
        }
        return try await body()
    }
}
