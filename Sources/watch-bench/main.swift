// What a log costs with every consequence on both devices, through a 40-log and a 400-log night,
// and what logs made away from the phone cost when it comes back: process CPU time, store writes
// (write transactions and rows), and messages and bytes over the watch link each way, on
// in-memory stores with the production runtime, service, sync engine, link server and store
// rules; only the system's surfaces (notifications, widgets, WatchConnectivity) are stand-ins.
// Run with: swift run -c release watch-bench [--logs 40,400] [--away 20]
import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage
import WaterlineSync
import WaterlineRuntime

struct Options {
    var nights = [40, 400]
    var away = 20

    init(arguments: [String]) throws {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            guard let value = iterator.next() else { throw BenchError.usage("\(argument) needs a value") }
            switch argument {
            case "--logs":
                let counts = value.split(separator: ",").compactMap { Int($0) }
                guard !counts.isEmpty, counts.allSatisfy({ (10...5_000).contains($0) }) else { throw BenchError.usage("--logs takes 10...5000, comma separated") }
                nights = counts
            case "--away":
                guard let count = Int(value), (1...400).contains(count) else { throw BenchError.usage("--away takes 1...400") }
                away = count
            default: throw BenchError.usage("unknown option \(argument)")
            }
        }
    }
}

enum BenchError: Error, CustomStringConvertible {
    case usage(String)
    var description: String {
        switch self {
        case .usage(let message): "\(message)\nusage: watch-bench [--logs 40,400] [--away 1...400]"
        }
    }
}

/// WatchConnectivity in one process: a request reaches the phone's runtime as `sendMessage` would,
/// encoded as it travels; while the phone is away, pushes wait in a queue of transfers kept as
/// WatchConnectivity keeps them (`TransferQueue`), handed over in order when it is back. Counts
/// every message and byte each way.
@MainActor
final class DirectLink: PhoneLink {
    var phone: AppRuntime?
    var isReachable = true
    private(set) var queued: [SyncPayload] = []
    private(set) var traffic = Traffic()

    struct Traffic {
        var toPhone = 0, toPhoneBytes = 0, toWatch = 0, toWatchBytes = 0

        static func - (lhs: Traffic, rhs: Traffic) -> Traffic {
            Traffic(toPhone: lhs.toPhone - rhs.toPhone, toPhoneBytes: lhs.toPhoneBytes - rhs.toPhoneBytes,
                    toWatch: lhs.toWatch - rhs.toWatch, toWatchBytes: lhs.toWatchBytes - rhs.toWatchBytes)
        }
    }

    /// The phone's notice to the watch (application context or message).
    func countNotice(bytes: Int) {
        traffic.toWatch += 1
        traffic.toWatchBytes += bytes
    }

    func send(_ request: LinkRequest) async throws -> LinkAnswer {
        guard isReachable, let phone else { throw ConvexError.offline("the phone is away") }
        let message = try WatchMessage.request(request).encoded()
        traffic.toPhone += 1
        traffic.toPhoneBytes += message.count
        guard let reply = await phone.handle(.watchMessage(message, replying: true)),
              case .answer(let answer)? = try WatchMessage.decodeIfKnown(reply)
        else { throw ConvexError.offline("no answer") }
        traffic.toWatch += 1
        traffic.toWatchBytes += reply.count
        return answer
    }

    func queue(_ changes: [SyncPayload]) async {
        let plan = TransferQueue.plan(outstanding: queued, adding: changes)
        queued.removeAll { plan.cancel.contains($0) }
        queued += plan.transfer
    }

    /// The phone is back: each queued transfer is delivered once, in order.
    func deliverQueued() async throws {
        guard let phone else { return }
        let waiting = queued
        queued = []
        for change in waiting {
            let message = try WatchMessage.request(.push(PushBatch(changes: [change]))).encoded()
            traffic.toPhone += 1
            traffic.toPhoneBytes += message.count
            _ = await phone.handle(.watchMessage(message, replying: false))
        }
    }
}

/// A clock a night moves along, a second a log.
final class BenchClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)
    var now: Date { lock.withLock { current } }
    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
}

/// User and system CPU time of this process so far, in seconds.
func cpuSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// The phone's end of the link in one process: its notice reaches the watch's runtime (which pulls),
/// counted as it travels.
@MainActor
final class DirectWatch: WatchTransport {
    var watch: AppRuntime?
    let link: DirectLink
    var isAvailable: Bool { watch != nil }

    init(link: DirectLink) {
        self.link = link
    }

    func activate() {}

    func phoneChanged(_ notice: PhoneNotice) {
        guard let watch, link.isReachable, let message = try? WatchMessage.phoneChanged(notice).encoded() else { return }
        link.countNotice(bytes: message.count)
        Task { await watch.handle(.phoneMessage(message)) }
    }
}

@MainActor
struct Pair {
    let clock = BenchClock()
    let phoneStore = InMemorySessionStore()
    let watchStore = InMemorySessionStore()
    let link = DirectLink()
    let phone: AppRuntime
    let watch: AppRuntime

    init() {
        let clock = clock
        let toWatch = DirectWatch(link: link)
        let phonePlatform = RuntimePlatform(
            capabilities: .phoneApp, notifications: NoNotifications(), liveActivities: UnavailableLiveActivities(), widgets: NoWidgets(),
            watch: toWatch, sync: NoSync(), signal: NoSignal(), background: NoBackgroundTasks(), now: { clock.now }, syncDebounce: .zero,
            sleep: { _ in }, watchLinkServer: WatchLinkServer(store: phoneStore, now: { clock.now })
        )
        phone = AppRuntime(service: SessionService(store: phoneStore, now: { clock.now }), platform: phonePlatform)
        link.phone = phone
        let sync = WatchSyncRunner(store: watchStore, link: link, now: { clock.now }, makeID: { UUID() })
        let watchPlatform = RuntimePlatform(
            capabilities: .watchApp, notifications: NoNotifications(), liveActivities: UnavailableLiveActivities(), widgets: NoWidgets(),
            watch: UnavailableWatch(), sync: sync, signal: NoSignal(), background: NoBackgroundTasks(), now: { clock.now },
            syncDebounce: .zero, sleep: { _ in }
        )
        watch = AppRuntime(service: SessionService(store: watchStore, now: { clock.now }), platform: watchPlatform)
        toWatch.watch = watch
    }

    /// Both runtimes done with everything the last change asked for.
    func settled() async {
        await watch.handle(.settle)
        await phone.handle(.settle)
        await watch.handle(.settle)
    }

    func writes() async -> Writes {
        Writes(watchTransactions: await watchStore.writeTransactions, watchRows: await watchStore.rowWrites,
               phoneTransactions: await phoneStore.writeTransactions, phoneRows: await phoneStore.rowWrites)
    }
}

struct Writes {
    var watchTransactions, watchRows, phoneTransactions, phoneRows: Int

    static func - (lhs: Writes, rhs: Writes) -> Writes {
        Writes(watchTransactions: lhs.watchTransactions - rhs.watchTransactions, watchRows: lhs.watchRows - rhs.watchRows,
               phoneTransactions: lhs.phoneTransactions - rhs.phoneTransactions, phoneRows: lhs.phoneRows - rhs.phoneRows)
    }
}

/// "12.3" for `count` over `logs`.
func per(_ count: Int, _ logs: Int) -> String { String(format: "%.1f", Double(count) / Double(logs)) }

/// A night of `logs` logs, every other one made on the phone and the rest on the watch, each with
/// every consequence on both devices and the link.
@MainActor
func night(logs: Int) async throws {
    let pair = Pair()
    try await pair.phone.send(.prepare(nil))
    await pair.watch.handle(.syncNow(.launch))
    try await pair.phone.send(.startSession)
    await pair.settled()
    let before = await pair.writes()
    let traffic = pair.link.traffic
    let cpu = cpuSeconds()
    for index in 0..<logs {
        pair.clock.advance(60)
        let onWatch = index.isMultiple(of: 2)
        let action: SessionAction = index % 3 == 2 ? .logWater(source: onWatch ? .watch : .phone) : .logDrink(.quick, source: onWatch ? .watch : .phone)
        try await (onWatch ? pair.watch : pair.phone).send(action)
        await pair.settled()
    }
    let perLog = (cpuSeconds() - cpu) / Double(logs) * 1e6
    let writes = await pair.writes() - before
    let sent = pair.link.traffic - traffic
    for (name, runtime) in [("phone", pair.phone), ("watch", pair.watch)] {
        let kept = try await runtime.reader.currentState().active?.logs.count ?? 0
        guard kept == logs else { throw BenchError.usage("the \(name) has \(kept) of \(logs) logs") }
    }
    print("a \(logs)-log night, every other log on the watch, every consequence on both devices:")
    print(String(format: "  CPU %.0f µs a log (watch and phone together)", perLog))
    print("  store writes a log: watch \(per(writes.watchTransactions, logs)) transactions, \(per(writes.watchRows, logs)) rows; phone \(per(writes.phoneTransactions, logs)) transactions, \(per(writes.phoneRows, logs)) rows")
    print("  link a log: to the phone \(per(sent.toPhone, logs)) messages, \(sent.toPhoneBytes / logs) bytes; to the watch \(per(sent.toWatch, logs)) messages, \(sent.toWatchBytes / logs) bytes")
}

/// A night started and `count` logs made on the watch away from the phone, then the phone back.
@MainActor
func away(count: Int) async throws {
    let pair = Pair()
    try await pair.phone.send(.prepare(nil))
    await pair.watch.handle(.syncNow(.launch))
    await pair.settled()
    pair.link.isReachable = false
    await pair.watch.handle(.phoneReachabilityChanged(isReachable: false))
    try await pair.watch.send(.startSession)
    for index in 0..<count {
        pair.clock.advance(60)
        try await pair.watch.send(index % 3 == 2 ? .logWater(source: .watch) : .logDrink(.quick, source: .watch))
        await pair.watch.handle(.settle)
    }
    let queued = pair.link.queued.count
    let traffic = pair.link.traffic
    let before = await pair.writes()
    pair.link.isReachable = true
    let cpu = cpuSeconds()
    try await pair.link.deliverQueued()
    await pair.watch.handle(.phoneReachabilityChanged(isReachable: true))
    await pair.settled()
    let spent = (cpuSeconds() - cpu) * 1e3
    let writes = await pair.writes() - before
    let sent = pair.link.traffic - traffic
    let arrived = try await pair.phone.reader.currentState().active?.logs.count ?? 0
    guard arrived == count else { throw BenchError.usage("the phone has \(arrived) of \(count) logs") }
    print("a night started and \(count) logs made on the watch away from the phone, then the phone back:")
    print("  queued while away: \(queued) transfers (the night and its logs, each once)")
    print(String(format: "  CPU %.2f ms to bring them over (%.0f µs a log)", spent, spent / Double(count) * 1e3))
    print("  store writes: watch \(writes.watchTransactions) transactions, \(writes.watchRows) rows; phone \(writes.phoneTransactions) transactions, \(writes.phoneRows) rows")
    print("  link: to the phone \(sent.toPhone) messages, \(sent.toPhoneBytes) bytes; to the watch \(sent.toWatch) messages, \(sent.toWatchBytes) bytes")
}

@MainActor
func run(_ options: Options) async throws {
    for logs in options.nights { try await night(logs: logs) }
    try await away(count: options.away)
}

do {
    try await run(try Options(arguments: CommandLine.arguments))
} catch {
    FileHandle.standardError.write(Data("watch-bench: \(error)\n".utf8))
    exit(1)
}
