import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineStorage
import WaterlineSync

/// Small builders for wire records, with whole-millisecond dates so they round-trip exactly.
enum Records {
    static let evening = Date(timeIntervalSince1970: 1_795_291_200)

    static func at(_ minutes: Double) -> Date { evening.addingTimeInterval(minutes * 60) }

    static func session(_ id: UUID = UUID(), start: Double = 0, end: Double? = nil, updated: Double = 0) -> SessionRecord {
        SessionRecord(id: id, startTime: at(start), endTime: end.map(at), isActive: end == nil, updatedAt: at(updated))
    }

    static func drink(_ id: UUID = UUID(), session: UUID, at minutes: Double, estimate: Double = 1, updated: Double? = nil) -> LogEntry {
        var log = LogEntry.alcohol(id: id, sessionId: session, at: at(minutes), AlcoholMeta(drinkType: .beer, sizeOz: 12, abv: 5, standardDrinkEstimate: estimate))
        log.updatedAt = at(updated ?? minutes)
        return log
    }

    static func water(_ id: UUID = UUID(), session: UUID, at minutes: Double) -> LogEntry {
        LogEntry.water(id: id, sessionId: session, at: at(minutes), amountOz: 8)
    }

    static func preset(_ id: UUID = UUID(), name: String = "IPA", updated: Double = 0) -> PresetRecord {
        PresetRecord(id: id, name: name, drinkType: .beer, sizeOz: 16, abv: 7, standardDrinkEstimate: 1.87, sortOrder: 0, updatedAt: at(updated))
    }
}

extension ConvexClient {
    /// The error code a call fails with, or nil if it succeeds.
    func failureCode<Function: ConvexFunction>(_ function: Function.Type, _ args: Function.Args) async -> ErrorCode? {
        do {
            _ = try await call(function, args)
            return nil
        } catch {
            return error.code
        }
    }

    /// The message a call fails with, or nil if it succeeds.
    func failureMessage<Function: ConvexFunction>(_ function: Function.Type, _ args: Function.Args) async -> String? {
        do {
            _ = try await call(function, args)
            return nil
        } catch let error as ConvexError {
            if case .function(let message, _) = error { return message }
            return error.description
        } catch {
            return String(describing: error)
        }
    }
}
