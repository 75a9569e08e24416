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

    /// One session's file, as the app shares it: its CSV, or its `Document`.
    public static func file(_ session: SessionSnapshot, settings: UserSettings, as format: ExportFormat, now: Date) throws -> Data {
        switch format {
        case .csv: Data(csv(logs: session.logs, settings: settings).utf8)
        case .json: try json(session: session, settings: settings, now: now)
        }
    }

    /// Several sessions' file (however many): CSV with a `session_id` column, or an array of `Document`s.
    public static func file(all sessions: [SessionSnapshot], settings: UserSettings, as format: ExportFormat, now: Date) throws -> Data {
        switch format {
        case .csv: Data(csv(sessions: sessions, settings: settings).utf8)
        case .json: try json(sessions: sessions, settings: settings, now: now)
        }
    }

    /// Several sessions in one CSV: the same columns after a `session_id`, sessions in the order given.
    public static func csv(sessions: [SessionSnapshot], settings: UserSettings) -> String {
        var lines = ["session_id," + csvHeader]
        for update in sessions {
            let id = update.session.id.uuidString.lowercased()
            lines += csv(logs: update.logs, settings: settings).split(separator: "\n").dropFirst().map { "\(id),\($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Several sessions as JSON: an array of `Document`s.
    public static func json(sessions: [SessionSnapshot], settings: UserSettings, now: Date) throws -> Data {
        try WaterlineCoding.encoder().encode(sessions.map { Document(session: SessionReport($0, settings: settings, now: now), logs: $0.logs) })
    }

    /// One session as JSON: its `Document`.
    public static func json(session: SessionSnapshot, settings: UserSettings, now: Date) throws -> Data {
        try WaterlineCoding.encoder().encode(Document(session: SessionReport(session, settings: settings, now: now), logs: session.logs))
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
