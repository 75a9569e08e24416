// What a log costs the watch with every consequence, through a 40-log and a 400-log session, and
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
    var sessions = [40, 400]
    var away = 20

    init(arguments: [String]) throws {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            guard let value = iterator.next() else { throw BenchError.usage("\(argument) needs a value") }
            switch argument {
            case "--logs":
                let counts = value.split(separator: ",").compactMap { Int($0) }
                guard !counts.isEmpty, counts.allSatisfy({ (10...Limits.logsPerSession).contains($0) }) else { throw BenchError.usage("--logs takes 10...\(Limits.logsPerSession) (a session's most), comma separated") }
                sessions = counts
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

/// "12.3" for `count` over `logs`.
func per(_ count: Int, _ logs: Int) -> String { String(format: "%.1f", Double(count) / Double(logs)) }

/// A session of `logs` logs, every other one made on the watch (half of those in its open app, half
/// from a notification with the app closed) and the rest on the phone, the two in reach of each
/// other at every fifth log only. What the watch spends on its own log (the phone's CPU inside a
/// message taken out; opening the app is not the log's) and on taking in the phone's, and what
/// crosses the link.
@MainActor
func session(logs: Int) async throws -> SessionCost {
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
    var cost = SessionCost(sessions: 1, logs: logs)
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
            let reads = await pair.watchStore.logListReads
            let action: SessionAction = water ? .logWater(source: .watch) : .logDrink(.quick, source: .watch)
            try await pair.watch.send(action, from: inApp ? .screen : .notification)
            if inApp { await pair.watch.handle(.resignedActive) }
            pair.link.watchInFront = false
            await pair.watch.handle(.settle)
            let spent = cpuSeconds() - cpu - (pair.link.phoneCPU - phoneCPU)
            cost.watchLogReads += await pair.watchStore.logListReads - reads
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

/// A session started and `count` logs made on the watch away from the phone, then the phone back.
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
    print("a session started and \(count) logs made on the watch away from the phone, then the phone back:")
    print(String(format: "  the watch's CPU a log made away, the app open: %.0f µs (every push offers what waits)", madeAway))
    print("  queued while away: \(queued) transfers (the session and its logs, each once); \(waiting) not taken after the phone answered")
    print(String(format: "  CPU %.2f ms to bring them over and back (%.0f µs a log, both devices)", spent, spent / Double(count) * 1e3))
    print("  after: \(sent.messages) messages, \(sent.transfers) transfers to the phone; \(sent.toWatch) deliveries and answers, \(sent.toWatchBytes) bytes to the watch")
}

@MainActor
func run(_ options: Options) async throws {
    // Each length is run for at least 400 logs in all, so a short session's figure is not one sample's noise.
    for logs in options.sessions {
        var cost = SessionCost()
        for _ in 0..<max(1, 400 / logs) { cost = cost + (try await session(logs: logs)) }
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

