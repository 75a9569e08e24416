// Times WaterlineEngine.computeState against a bare loop over the same logs.
// Run with: swift run -c release waterline-bench [--max-exponent 6] [--repeats 5]
import Foundation
import WaterlineCore

struct Options {
    var maxExponent = 6
    var repeats = 5

    init(arguments: [String]) throws {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            guard let value = iterator.next().flatMap(Int.init) else {
                throw BenchError.usage("\(argument) needs a whole number")
            }
            switch argument {
            case "--max-exponent" where (3...7).contains(value): maxExponent = value
            case "--repeats" where (1...50).contains(value): repeats = value
            default: throw BenchError.usage("unknown option or value out of range: \(argument) \(value)")
            }
        }
    }
}

enum BenchError: Error, CustomStringConvertible {
    case usage(String)
    var description: String {
        switch self {
        case .usage(let message): "\(message)\nusage: waterline-bench [--max-exponent 3...7] [--repeats 1...50]"
        }
    }
}

/// A session of `count` logs in timestamp order: two drinks of mixed sizes, then a water, repeating.
func makeLogs(count: Int) -> [LogEntry] {
    let sessionId = UUID()
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let sizes = DrinkCatalog.sizes
    return (0..<count).map { index in
        let timestamp = start.addingTimeInterval(Double(index))
        if index % 3 == 2 {
            return LogEntry.water(id: UUID(), sessionId: sessionId, at: timestamp, amountOz: 8)
        }
        return LogEntry.alcohol(id: UUID(), sessionId: sessionId, at: timestamp, sizes[index % sizes.count].alcoholMeta())
    }
}

/// The best of `repeats` runs, in nanoseconds, keeping the result alive so nothing is optimised away.
func best(repeats: Int, _ body: () -> Double, sink: inout Double) -> Double {
    let clock = ContinuousClock()
    var fastest = Duration.seconds(1_000_000)
    for _ in 0..<repeats {
        var result = 0.0
        let elapsed = clock.measure { result = body() }
        sink += result
        fastest = min(fastest, elapsed)
    }
    let parts = fastest.components
    return Double(parts.seconds) * 1e9 + Double(parts.attoseconds) / 1e9
}

do {
    let options = try Options(arguments: CommandLine.arguments)
    let engine = WaterlineEngine(warningThreshold: 2)
    var sink = 0.0
    print("logs       engine ns/log   bare loop ns/log   ratio")
    for exponent in 3...options.maxExponent {
        let count = Int(pow(10.0, Double(exponent)))
        let logs = makeLogs(count: count)
        let engineNs = best(repeats: options.repeats, { engine.computeState(from: logs).waterlineValue }, sink: &sink)
        let bareNs = best(repeats: options.repeats, {
            var total = 0.0
            for log in logs {
                total += log.type == .alcohol ? (log.alcoholMeta?.standardDrinkEstimate ?? 1) : -1
            }
            return total
        }, sink: &sink)
        let perLogEngine = engineNs / Double(count), perLogBare = bareNs / Double(count)
        let line = [
            "10^\(exponent)".padding(toLength: 11, withPad: " ", startingAt: 0),
            String(format: "%13.2f", perLogEngine),
            String(format: "%19.2f", perLogBare),
            String(format: "%8.2f", perLogEngine / perLogBare),
        ]
        print(line.joined())
    }
    // Printed so the optimiser must compute every result.
    print("checksum \(sink)")
} catch {
    FileHandle.standardError.write(Data("waterline-bench: \(error)\n".utf8))
    exit(2)
}
