import Foundation

/// A session's logs as CSV (one row per live log, in replay order) or as JSON (report and logs).
public enum SessionExport {
    public static let csvHeader = "id,timestamp,type,drink_type,size_oz,abv,standard_drinks,water_oz,source,waterline_after"

    /// CSV with ISO 8601 UTC times and the Waterline after each log.
    public static func csv(logs: [LogEntry], settings: UserSettings) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let rows = WaterlineEngine(settings: settings).replay(logs).map { step -> String in
            let log = step.log
            let meta = log.alcoholMeta
            return [
                log.id.uuidString.lowercased(), formatter.string(from: log.timestamp), log.type.rawValue,
                meta?.drinkType.rawValue ?? "", meta.map { number($0.sizeOz) } ?? "", meta?.abv.map(number) ?? "",
                meta.map { number($0.standardDrinkEstimate) } ?? "", log.waterMeta.map { number($0.amountOz) } ?? "",
                log.source.rawValue, number(step.state.waterlineValue),
            ].joined(separator: ",")
        }
        return ([csvHeader] + rows).joined(separator: "\n") + "\n"
    }

    /// The JSON export: the session's report and its logs.
    public struct Document: Codable, Hashable, Sendable {
        public var session: SessionReport
        public var logs: [LogEntry]

        public init(session: SessionReport, logs: [LogEntry]) {
            self.session = session
            self.logs = logs
        }
    }

    private static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
