// What a log costs the watch with every consequence, through a 40-log and a 400-log night, and
// what logs made away from the phone cost when it comes back: the watch's CPU time, and messages,
// transfers and bytes over the watch link each way, on in-memory stores with the production
// runtime, service, sync engine, link server, deliveries and store rules; only the system's
// surfaces (notifications, widgets, WatchConnectivity) are stand-ins.
// Run with: swift run -c release watch-bench [--logs 40,400] [--away 20] (each length at least 400 logs in all)
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

/// The phone's end of the link in one process: its deliveries wait for the watch, counted as they
/// travel, and are handed to the watch's runtime by `handOver()`.
@MainActor
final class DirectWatch: WatchTransport {
    var watch: AppRuntime?
    let link: DirectLink
    private var pages: [Data] = []
    private var latest: Data?
    var isAvailable: Bool { watch != nil }
    var complicationTransfersLeft: Int { 0 }

    init(link: DirectLink) {
        self.link = link
    }

    func activate() {}

    func transfer(_ delivery: PhoneDelivery) {
        guard let data = try? WatchMessage.delivery(delivery).encoded() else { return }
        link.countToWatch(bytes: data.count)
        pages.append(data)
    }

    func updateLatest(_ delivery: PhoneDelivery) {
        guard let data = try? WatchMessage.delivery(delivery).encoded() else { return }
        link.countToWatch(bytes: data.count)
        latest = data
    }

    func transferForComplication(_ delivery: PhoneDelivery) {}

    func handOver() async {
        guard let watch, link.isReachable else { return }
        if let latest { await watch.handle(.phoneMessage(latest)) }
        latest = nil
        let waiting = pages
        pages = []
        for page in waiting { await watch.handle(.phoneMessage(page)) }
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

/// "12.3" for `count` over `logs`.
func per(_ count: Int, _ logs: Int) -> String { String(format: "%.1f", Double(count) / Double(logs)) }

/// What one or more nights cost the watch, summed.
struct NightCost {
    var nights = 0, logs = 0, watchLogs = 0, closedLogs = 0, phoneLogs = 0
    var inAppCPU = 0.0, closedCPU = 0.0, takingCPU = 0.0
    var traffic = DirectLink.Traffic()
    var waiting = 0

    static func + (lhs: NightCost, rhs: NightCost) -> NightCost {
        var sum = lhs
        sum.nights += rhs.nights; sum.logs += rhs.logs; sum.watchLogs += rhs.watchLogs; sum.closedLogs += rhs.closedLogs
        sum.phoneLogs += rhs.phoneLogs; sum.inAppCPU += rhs.inAppCPU; sum.closedCPU += rhs.closedCPU; sum.takingCPU += rhs.takingCPU
        sum.traffic.messages += rhs.traffic.messages; sum.traffic.messageBytes += rhs.traffic.messageBytes
        sum.traffic.transfers += rhs.traffic.transfers; sum.traffic.transferBytes += rhs.traffic.transferBytes
        sum.traffic.toWatch += rhs.traffic.toWatch; sum.traffic.toWatchBytes += rhs.traffic.toWatchBytes
        sum.waiting += rhs.waiting
        return sum
    }

    func report() {
        let watchCPU = (inAppCPU + closedCPU) / Double(watchLogs) * 1e6
        print("\(nights) night(s) of \(logs / nights) logs, every other log on the watch (half in its app, half with it closed), in reach every fifth log:")
        print(String(format: "  watch CPU a watch log with every consequence: %.0f µs (%.0f µs in the open app, %.0f µs from a notification with the app closed); %.0f µs a phone log taken in",
                     watchCPU, inAppCPU / Double(watchLogs - closedLogs) * 1e6, closedCPU / Double(closedLogs) * 1e6, takingCPU / Double(phoneLogs) * 1e6))
        print("  watch to phone a watch log: \(per(traffic.messages, watchLogs)) messages, \(per(traffic.transfers, watchLogs)) transfers, \((traffic.messageBytes + traffic.transferBytes) / watchLogs) bytes")
        print("  phone to watch a log: \(per(traffic.toWatch, logs)) deliveries and answers, \(traffic.toWatchBytes / logs) bytes")
        print("  transfers queued: \(traffic.transfers) for \(watchLogs) watch logs (\(closedLogs) with the app closed); \(waiting) not taken at the end")
    }
}

/// A night of `logs` logs, every other one made on the watch (half of those in its open app, half
/// from a notification with the app closed) and the rest on the phone, the two in reach of each
/// other at every fifth log only. What the watch spends on its own log (the phone's CPU inside a
/// message taken out; opening the app is not the log's) and on taking in the phone's, and what
/// crosses the link.
@MainActor
func night(logs: Int) async throws -> NightCost {
    let pair = Pair()
    try await pair.phone.send(.prepare(nil))
    await pair.watch.handle(.becameActive)
    await pair.settled()
    try await pair.phone.send(.startSession)
    await pair.settled()
    await pair.exchange()
    await pair.watch.handle(.resignedActive)
    pair.link.watchInFront = false
    let traffic = pair.link.traffic
    var cost = NightCost(nights: 1, logs: logs)
    for index in 0..<logs {
        pair.clock.advance(60)
        let water = index % 3 == 2
        if index.isMultiple(of: 2) {
            cost.watchLogs += 1
            let inApp = index.isMultiple(of: 4)
            pair.link.watchInFront = inApp
            if inApp {
                await pair.watch.handle(.becameActive)
                await pair.watch.handle(.settle)
            }
            let cpu = cpuSeconds(), phoneCPU = pair.link.phoneCPU
            let action: SessionAction = water ? .logWater(source: .watch) : .logDrink(.quick, source: .watch)
            try await pair.watch.send(action, from: inApp ? .screen : .notification)
            if inApp { await pair.watch.handle(.resignedActive) }
            pair.link.watchInFront = false
            await pair.watch.handle(.settle)
            let spent = cpuSeconds() - cpu - (pair.link.phoneCPU - phoneCPU)
            if inApp { cost.inAppCPU += spent } else {
                cost.closedLogs += 1
                cost.closedCPU += spent
            }
        } else {
            cost.phoneLogs += 1
            try await pair.phone.send(water ? .logWater(source: .phone) : .logDrink(.quick, source: .phone))
            await pair.phone.handle(.settle)
        }
        if index % 5 == 4 {
            await pair.link.handOver()
            await pair.phone.handle(.settle)
            let cpu = cpuSeconds()
            await pair.toWatch.handOver()
            await pair.watch.handle(.settle)
            cost.takingCPU += cpuSeconds() - cpu
        }
    }
    await pair.exchange()
    cost.traffic = pair.link.traffic - traffic
    for (name, runtime) in [("phone", pair.phone), ("watch", pair.watch)] {
        let kept = try await runtime.reader.currentState().active?.logs.count ?? 0
        guard kept == logs else { throw BenchError.usage("the \(name) has \(kept) of \(logs) logs") }
    }
    cost.waiting = await pair.sync.transferred().count
    return cost
}

/// A night started and `count` logs made on the watch away from the phone, then the phone back.
@MainActor
func away(count: Int) async throws {
    let pair = Pair()
    try await pair.phone.send(.prepare(nil))
    await pair.watch.handle(.becameActive)
    await pair.settled()
    pair.link.isReachable = false
    await pair.watch.handle(.phoneReachabilityChanged(isReachable: false))
    try await pair.watch.send(.startSession)
    let awayCPU = cpuSeconds()
    for index in 0..<count {
        pair.clock.advance(60)
        try await pair.watch.send(index % 3 == 2 ? .logWater(source: .watch) : .logDrink(.quick, source: .watch))
        await pair.watch.handle(.settle)
    }
    let madeAway = (cpuSeconds() - awayCPU) / Double(count) * 1e6
    let queued = pair.link.queued.count
    let traffic = pair.link.traffic
    pair.link.isReachable = true
    let cpu = cpuSeconds()
    await pair.exchange()
    let spent = (cpuSeconds() - cpu) * 1e3
    let sent = pair.link.traffic - traffic
    let arrived = try await pair.phone.reader.currentState().active?.logs.count ?? 0
    guard arrived == count else { throw BenchError.usage("the phone has \(arrived) of \(count) logs") }
    let waiting = await pair.sync.transferred().count
    print("a night started and \(count) logs made on the watch away from the phone, then the phone back:")
    print(String(format: "  the watch's CPU a log made away, the app open: %.0f µs (every push offers what waits)", madeAway))
    print("  queued while away: \(queued) transfers (the night and its logs, each once); \(waiting) not taken after the phone answered")
    print(String(format: "  CPU %.2f ms to bring them over and back (%.0f µs a log, both devices)", spent, spent / Double(count) * 1e3))
    print("  after: \(sent.messages) messages, \(sent.transfers) transfers to the phone; \(sent.toWatch) deliveries and answers, \(sent.toWatchBytes) bytes to the watch")
}

@MainActor
func run(_ options: Options) async throws {
    // Each length is run for at least 400 logs in all, so a short night's figure is not one sample's noise.
    for logs in options.nights {
        var cost = NightCost()
        for _ in 0..<max(1, 400 / logs) { cost = cost + (try await night(logs: logs)) }
        cost.report()
    }
    try await away(count: options.away)
}

do {
    try await run(try Options(arguments: CommandLine.arguments))
} catch {
    FileHandle.standardError.write(Data("watch-bench: \(error)\n".utf8))
    exit(1)
}
