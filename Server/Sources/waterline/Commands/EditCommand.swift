import ArgumentParser
import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

struct EditCommand: StoreCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Correct a log: its estimate, size, ABV, water amount or time.")

    @Argument(help: "The log's id or its first characters (see `waterline log`).")
    var id: String
    @Option(parsing: .unconditional, help: "Standard drinks (drinks only).")
    var std: Double?
    @Option(parsing: .unconditional, help: "Size in ounces (drinks only).")
    var size: Double?
    @Option(parsing: .unconditional, help: "ABV in percent (drinks only).")
    var abv: Double?
    @Option(parsing: .unconditional, help: "Ounces of water (water only).")
    var oz: Double?
    @Option(help: "The time it happened, HH:MM, on the session's day.")
    var at: String?

    @OptionGroup var global: GlobalOptions

    func run(on companion: Companion) async throws {
        var log = try await companion.log(matching: id)
        switch log.type {
        case .alcohol:
            guard oz == nil else { throw CLIError("--oz is for water; this log is a drink") }
            var meta = log.alcoholMeta ?? .standardDrink
            if let size { meta.sizeOz = size }
            if let abv { meta.abv = abv }
            if let std { meta.standardDrinkEstimate = std }
            log.alcoholMeta = meta
        case .water:
            guard std == nil, size == nil, abv == nil else { throw CLIError("--std, --size and --abv are for drinks; this log is water") }
            if let oz { log.waterMeta = WaterMeta(amountOz: oz) }
        }
        if let at { log.timestamp = try Self.time(at, near: log.timestamp) }
        guard std != nil || size != nil || abv != nil || oz != nil || at != nil else {
            throw CLIError("nothing to change; give --std, --size, --abv, --oz or --at")
        }
        do {
            let result = try await companion.send(.editLog(log))
            print("Edited \(LogDescription.title(for: log, units: result.state.settings.units)) at \(Output.clock(log.timestamp))  [\(Output.shortId(log.id))]")
            if let snapshot = result.session { print(Output.stateLine(snapshot)) }
        } catch SessionServiceError.logOutsideSession {
            throw CLIError("\(at ?? "that time") is outside the session")
        }
    }

    /// HH:MM on the day of `reference`, taken as the nearest such time (a session crosses midnight).
    static func time(_ text: String, near reference: Date) throws -> Date {
        let parts = text.split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2, (0..<24).contains(parts[0]), (0..<60).contains(parts[1]) else {
            throw CLIError("--at takes a time as HH:MM (got \(text))")
        }
        let calendar = Calendar.current
        guard let sameDay = calendar.date(bySettingHour: parts[0], minute: parts[1], second: 0, of: reference) else {
            throw CLIError("--at \(text) is not a time on that day")
        }
        let candidates = [-1, 0, 1].compactMap { calendar.date(byAdding: .day, value: $0, to: sameDay) }
        return candidates.min { abs($0.timeIntervalSince(reference)) < abs($1.timeIntervalSince(reference)) } ?? sameDay
    }
}
