import Foundation
import WaterlineRuntime

/// What the phone delivers, handed to the runtime one at a time in the order WatchConnectivity
/// delivered it: pages of the phone's feed follow each other (a page taken out of order reads as
/// a gap, and the phone is asked to deliver again). WatchConnectivity calls from its own queue,
/// so taking is `Sendable` and the runtime is reached from one main-actor task.
final class OrderedDeliveries: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting = 0
    private let stream: AsyncStream<Data>
    private let continuation: AsyncStream<Data>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Data.self)
    }

    /// Called on WatchConnectivity's queue, in its order.
    func take(_ data: Data) {
        lock.withLock { waiting += 1 }
        continuation.yield(data)
    }

    /// Nothing taken is still waiting for the runtime.
    var isDrained: Bool { lock.withLock { waiting == 0 } }

    /// Hands each delivery to `runtime`, in order, for the life of the process.
    @MainActor
    func run(into runtime: AppRuntime) {
        let stream = stream
        Task { @MainActor in
            for await data in stream {
                await runtime.handle(.phoneMessage(data))
                self.lock.withLock { self.waiting -= 1 }
            }
        }
    }
}
