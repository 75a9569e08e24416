import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync
import WaterlineSQLiteStore

/// Printing helpers: text for people, JSON with the spec's names for scripts.
enum Output {
    static func json(_ value: some Encodable) throws {
        let encoder = WaterlineCoding.encoder()
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// "21:40" in the local time zone.
    static func clock(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: date)
    }

    /// "Sat 21 Nov 20:00".
    static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE d MMM HH:mm"
        return formatter.string(from: date)
    }

    /// The short id people type: the first 8 characters.
    static func shortId(_ id: UUID) -> String {
        String(id.uuidString.lowercased().prefix(8))
    }

    /// "Time for water: You've had 2 drinks — time for water", when the action fired a
    /// per-drink reminder or pacing warning, in the app's own words.
    static func nudge(after result: ActionResult) -> String? {
        result.nudge.map { "\($0.content.detailTitle): \($0.content.detailBody.split(separator: "\n").first ?? "")" }
    }

    /// The one line a refusal is told in.
    static func refusal(_ error: any Error) -> String {
        switch error {
        case let error as CLIError: error.description
        case let error as StoreDamage: error.description
        default: ScreenMessage.describe(error)
        }
    }

    /// "Logged: Beer · 12 oz · 1 std  (id 1a2b3c4d)" and the state line after it.
    static func logged(_ result: ActionResult) {
        if let log = result.changedLog {
            print("Logged \(LogDescription.title(for: log, units: result.state.settings.units))  [\(shortId(log.id))]")
        }
        if let snapshot = result.session { print(stateLine(snapshot)) }
        if let nudge = nudge(after: result) { print("→ \(nudge)") }
    }

    static func stateLine(_ update: SessionSnapshot) -> String {
        let state = update.state
        return "Waterline \(WaterlineFormat.signedValue(state.waterlineValue)) · Drinks \(state.totalAlcoholCount) · Water \(state.totalWaterCount)"
            + (state.isWarning ? " · Drink water to return to center" : "")
    }
}
