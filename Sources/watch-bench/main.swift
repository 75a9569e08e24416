// What a watch log costs, with every consequence on both devices, and what bringing a batch of
// watch logs to the phone costs: process CPU time and store writes (write transactions and rows),
// on in-memory stores with the production runtime, service, sync engine, client and store rules;
// only the system's surfaces (notifications, widgets, WatchConnectivity) are stand-ins.
// Run with: swift run -c release watch-bench [--logs 400] [--batch 50] [--batches 20]
import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage
import WaterlineSync
import WaterlineRuntime

struct Options {
    var logs = 400
    var batch = 50
    var batches = 20

    init(arguments: [String]) throws {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            guard let value = iterator.next().flatMap(Int.init) else { throw BenchError.usage("\(argument) needs a whole number") }
            switch argument {
            case "--logs" where (10...5_000).contains(value): logs = value
            case "--batch" where (1...400).contains(value): batch = value
            case "--batches" where (1...200).contains(value): batches = value
            default: throw BenchError.usage("unknown option or value out of range: \(argument) \(value)")
            }
        }
    }
}

enum BenchError: Error, CustomStringConvertible {
    case usage(String)
    var description: String {
        switch self {
        case .usage(let message): "\(message)\nusage: watch-bench [--logs 10...5000] [--batch 1...400] [--batches 1...200]"
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
    }

    func send(_ request: LinkRequest) async throws -> LinkAnswer {
        guard isReachable, let phone else { throw ConvexError.offline("the phone is away") }
        let message = try WatchMessage.request(request).encoded()
        traffic.toPhone += 1
        traffic.toPhoneBytes += message.count
        guard let reply = await phone.watchMessageReceived(message, replying: true),
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
            _ = await phone.watchMessageReceived(message, replying: false)
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
        let phonePlatform = RuntimePlatform(
            capabilities: .phoneApp, notifications: NoNotifications(), liveActivities: UnavailableLiveActivities(), widgets: NoWidgets(), watch: UnavailableWatch(),
            sync: NoSync(), signal: NoSignal(), background: NoBackgroundTasks(), now: { clock.now }, syncDebounce: .zero, sleep: { _ in },
            watchLinkServer: WatchLinkServer(store: phoneStore, now: { clock.now })
        )
        phone = AppRuntime(service: SessionService(store: phoneStore, now: { clock.now }), platform: phonePlatform)
        link.phone = phone
        let sync = WatchSyncRunner(store: watchStore, link: link, now: { clock.now }, makeID: { UUID() })
        let watchPlatform = RuntimePlatform(
            capabilities: .watchApp, notifications: NoNotifications(), liveActivities: UnavailableLiveActivities(), widgets: NoWidgets(), watch: UnavailableWatch(),
            sync: sync, signal: NoSignal(), background: NoBackgroundTasks(), now: { clock.now }, syncDebounce: .zero, sleep: { _ in }
        )
        watch = AppRuntime(service: SessionService(store: watchStore, now: { clock.now }), platform: watchPlatform)
    }

    func writes() async -> (watchTransactions: Int, watchRows: Int, phoneTransactions: Int, phoneRows: Int) {
        (await watchStore.writeTransactions, await watchStore.rowWrites, await phoneStore.writeTransactions, await phoneStore.rowWrites)
    }
}

@MainActor
func run(_ options: Options) async throws {
    // One watch log at a time, the phone in reach: the log, its reminders, the push to the phone,
    // the phone taking it in and showing it everywhere.
    let single = Pair()
    try await single.phone.send(.prepare(nil))
    await single.watch.syncNow(.launch)
    try await single.watch.send(.startSession)
    await single.watch.syncIdle()
    let before = await single.writes()
    var cpu = cpuSeconds()
    for index in 0..<options.logs {
        single.clock.advance(60)
        if index % 3 == 2 {
            try await single.watch.send(.logWater(source: .watch))
        } else {
            try await single.watch.send(.logDrink(.quick, source: .watch))
        }
        await single.watch.syncIdle()
    }
    let perLog = (cpuSeconds() - cpu) / Double(options.logs) * 1e6
    let after = await single.writes()
    let phoneLogs = try await single.phone.currentState().active?.logs.count ?? 0
    guard phoneLogs == options.logs else { throw BenchError.usage("the phone has \(phoneLogs) of \(options.logs) logs") }
    func per(_ count: Int) -> String { String(format: "%.1f", Double(count) / Double(options.logs)) }
    print("one watch log with every consequence (\(options.logs) logs, phone in reach):")
    print(String(format: "  CPU %.0f µs a log (watch and phone together)", perLog))
    print("  store writes a log: watch \(per(after.watchTransactions - before.watchTransactions)) transactions, \(per(after.watchRows - before.watchRows)) rows; phone \(per(after.phoneTransactions - before.phoneTransactions)) transactions, \(per(after.phoneRows - before.phoneRows)) rows")

    // Logs made with the phone away, brought over when it is back: the watch's push and pull.
    var syncCPU = 0.0
    var syncWrites = (watchTransactions: 0, watchRows: 0, phoneTransactions: 0, phoneRows: 0)
    for _ in 0..<options.batches {
        let pair = Pair()
        try await pair.phone.send(.prepare(nil))
        await pair.watch.syncNow(.launch)
        try await pair.watch.send(.startSession)
        await pair.watch.syncIdle()
        pair.link.isReachable = false
        await pair.watch.phoneReachabilityChanged(isReachable: false)
        for index in 0..<options.batch {
            pair.clock.advance(60)
            try await pair.watch.send(index % 3 == 2 ? .logWater(source: .watch) : .logDrink(.quick, source: .watch))
        }
        await pair.watch.syncIdle()
        let start = await pair.writes()
        pair.link.isReachable = true
        cpu = cpuSeconds()
        await pair.watch.phoneReachabilityChanged(isReachable: true)
        await pair.watch.syncIdle()
        syncCPU += cpuSeconds() - cpu
        let end = await pair.writes()
        syncWrites.watchTransactions += end.watchTransactions - start.watchTransactions
        syncWrites.watchRows += end.watchRows - start.watchRows
        syncWrites.phoneTransactions += end.phoneTransactions - start.phoneTransactions
        syncWrites.phoneRows += end.phoneRows - start.phoneRows
        let arrived = try await pair.phone.currentState().active?.logs.count ?? 0
        guard arrived == options.batch else { throw BenchError.usage("the phone has \(arrived) of \(options.batch) logs") }
    }
    let batches = Double(options.batches)
    print("bringing \(options.batch) watch logs to the phone (\(options.batches) times, after the phone was away):")
    print(String(format: "  CPU %.2f ms a batch (%.0f µs a log)", syncCPU / batches * 1e3, syncCPU / batches / Double(options.batch) * 1e6))
    print(String(
        format: "  store writes a batch: watch %.0f transactions, %.0f rows; phone %.0f transactions, %.0f rows",
        Double(syncWrites.watchTransactions) / batches, Double(syncWrites.watchRows) / batches,
        Double(syncWrites.phoneTransactions) / batches, Double(syncWrites.phoneRows) / batches
    ))
}

do {
    try await run(try Options(arguments: CommandLine.arguments))
} catch {
    FileHandle.standardError.write(Data("watch-bench: \(error)\n".utf8))
    exit(1)
}
