import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage
import WaterlineSync
import WaterlineRuntime

/// WatchConnectivity in one process, kept as watchOS keeps it: a message reaches the phone's
/// runtime (encoded, answered in the reply) only while the watch app is in front and the phone
/// in reach; anything else is transferred, and transfers wait, in order, until `handOver()`.
/// Counts every message, transfer and byte each way, and the phone's CPU inside a message, which
/// is not the watch's. Like the watch app's `PhoneLinkService`, it is not main-actor isolated: the
/// watch's sync reaches it from its own executor, and only a message goes on to the phone's runtime.
final class DirectLink: PhoneLink, @unchecked Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var state = State()

    struct State {
        var phone: AppRuntime?
        var isReachable = true
        var watchInFront = true
        var queued: [Data] = []
        var traffic = Traffic()
        var phoneCPU = 0.0
    }

    struct Traffic {
        var messages = 0, messageBytes = 0, transfers = 0, transferBytes = 0, toWatch = 0, toWatchBytes = 0

        static func - (lhs: Traffic, rhs: Traffic) -> Traffic {
            Traffic(messages: lhs.messages - rhs.messages, messageBytes: lhs.messageBytes - rhs.messageBytes,
                    transfers: lhs.transfers - rhs.transfers, transferBytes: lhs.transferBytes - rhs.transferBytes,
                    toWatch: lhs.toWatch - rhs.toWatch, toWatchBytes: lhs.toWatchBytes - rhs.toWatchBytes)
        }
    }

    private func with<T>(_ body: (inout State) -> T) -> T { lock.withLock { body(&state) } }

    var phone: AppRuntime? {
        get { with { $0.phone } }
        set { with { $0.phone = newValue } }
    }
    var isReachable: Bool {
        get { with { $0.isReachable } }
        set { with { $0.isReachable = newValue } }
    }
    var watchInFront: Bool {
        get { with { $0.watchInFront } }
        set { with { $0.watchInFront = newValue } }
    }
    var queued: [Data] { with { $0.queued } }
    var traffic: Traffic { with { $0.traffic } }
    /// CPU seconds the phone spent answering the watch's messages.
    var phoneCPU: Double { with { $0.phoneCPU } }

    func countToWatch(bytes: Int) {
        with {
            $0.traffic.toWatch += 1
            $0.traffic.toWatchBytes += bytes
        }
    }

    func send(_ request: LinkRequest) async throws -> LinkAnswer {
        let (reachable, phone) = with { ($0.isReachable && $0.watchInFront, $0.phone) }
        guard reachable, let phone else { throw ConvexError.offline("the phone is not reachable") }
        let message = try WatchMessage.request(request).encoded()
        with {
            $0.traffic.messages += 1
            $0.traffic.messageBytes += message.count
        }
        let cpu = cpuSeconds()
        let reply = await phone.handle(.watchMessage(message, replying: true))
        // What the phone does after answering (its own sync, surfaces it reloads soon) is the
        // phone's too: it is waited for here, so none of it runs inside the watch's measure.
        await phone.handle(.settle)
        let spent = cpuSeconds() - cpu
        with { $0.phoneCPU += spent }
        guard let reply, case .answer(let answer)? = try WatchMessage.decodeIfKnown(reply) else { throw ConvexError.offline("no answer") }
        countToWatch(bytes: reply.count)
        return answer
    }

    func transfer(_ requests: [LinkRequest], cancelling: [SyncPayload]) async {
        for request in requests {
            guard let data = try? WatchMessage.request(request).encoded() else { continue }
            with {
                $0.traffic.transfers += 1
                $0.traffic.transferBytes += data.count
                $0.queued.append(data)
            }
        }
    }

    /// The phone is in reach: each waiting transfer is delivered once, in order.
    @MainActor
    func handOver() async {
        let (phone, waiting) = with { state -> (AppRuntime?, [Data]) in
            guard state.isReachable, state.phone != nil else { return (nil, []) }
            let taken = state.queued
            state.queued = []
            return (state.phone, taken)
        }
        guard let phone else { return }
        for data in waiting { _ = await phone.handle(.watchMessage(data, replying: false)) }
    }
}
