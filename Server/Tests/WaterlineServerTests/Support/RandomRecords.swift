import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineTestSupport

/// Wire records with every field drawn at random (optional ones sometimes absent, numbers of every
/// shape, names with quotes, escapes and emoji), for checking a codec against Foundation's.
struct RandomRecords {
    var random: SeededRandom

    mutating func bool() -> Bool { Bool.random(using: &random) }
    mutating func id() -> UUID { UUID(uuid: (u8(), u8(), u8(), u8(), u8(), u8(), u8(), u8(), u8(), u8(), u8(), u8(), u8(), u8(), u8(), u8())) }
    private mutating func u8() -> UInt8 { UInt8.random(in: 0...255, using: &random) }

    /// Whole milliseconds, as every stored date is, from 1970 to 2100.
    mutating func date() -> Date {
        Date(timeIntervalSince1970: Double(Int64.random(in: 0...4_102_444_800_000, using: &random)) / 1000)
    }

    /// A number of one of the shapes a device sends: whole, a tenth, a long fraction, tiny, huge.
    mutating func number() -> Double {
        switch Int.random(in: 0..<7, using: &random) {
        case 0: Double(Int.random(in: 0...100, using: &random))
        case 1: Double(Int.random(in: 0...1000, using: &random)) / 10
        case 2: Double.random(in: 0...100, using: &random)
        case 3: Double.random(in: 1e-9...1e-4, using: &random)
        case 4: Double.random(in: 1e15...1e22, using: &random)
        case 5: -Double.random(in: 0...1e6, using: &random)
        default: [0.1, 0.2, 0.30000000000000004, 5e-324, 1e21, 1e16, 4503599627370496.5, -0.0][Int.random(in: 0..<8, using: &random)]
        }
    }

    mutating func integer() -> Int {
        bool() ? Int.random(in: -1000...1000, using: &random) : Int.random(in: Int.min...Int.max, using: &random)
    }

    mutating func name() -> String {
        let pieces = ["IPA", " ", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{1F}", "\u{7F}", "é", "e\u{301}", "日本", "🍺", "\u{2028}", "{", "}", ",", ":"]
        return (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    mutating func maybe<T>(_ make: (inout RandomRecords) -> T) -> T? {
        bool() ? make(&self) : nil
    }

    mutating func log() -> LogEntry {
        let alcohol = bool()
        return LogEntry(
            id: id(), sessionId: id(), timestamp: date(), type: alcohol ? .alcohol : .water,
            alcoholMeta: alcohol ? AlcoholMeta(
                drinkType: DrinkType.allCases.randomElement(using: &random)!, sizeOz: number(),
                abv: maybe { $0.number() }, standardDrinkEstimate: number(), presetId: maybe { $0.id() }
            ) : nil,
            waterMeta: alcohol ? nil : WaterMeta(amountOz: number()),
            source: LogSource.allCases.randomElement(using: &random)!, updatedAt: date(), deletedAt: maybe { $0.date() }
        )
    }

    mutating func session() -> SessionRecord {
        SessionRecord(
            id: id(), startTime: date(), endTime: maybe { $0.date() }, isActive: bool(),
            computedSummary: maybe { records in
                SessionSummary(
                    totalAlcoholCount: records.integer(), totalStandardDrinks: records.number(), totalWaterCount: records.integer(),
                    totalWaterOz: records.number(), durationSeconds: records.number(), finalWaterline: records.number(),
                    peakWaterline: records.number(), lowestWaterline: records.number(),
                    adherence: PacingAdherence(breaksDue: records.integer(), breaksKept: records.integer()),
                    waterEveryNDrinks: records.maybe { $0.integer() }
                )
            },
            updatedAt: date(), deletedAt: maybe { $0.date() }
        )
    }

    mutating func preset() -> PresetRecord {
        // The owner's id is drawn and dropped, so the seeded sequence stays as it was.
        var record = DrinkPreset(
            id: id(), userId: id(), name: name(), drinkType: DrinkType.allCases.randomElement(using: &random)!, sizeOz: number(),
            abv: maybe { $0.number() }, standardDrinkEstimate: number(), sortOrder: integer(), updatedAt: date()
        ).record
        record.deletedAt = maybe { $0.date() }
        return record
    }

    mutating func settings() -> UserSettings {
        UserSettings(
            waterEveryNDrinks: integer(), timeRemindersEnabled: bool(), timeReminderIntervalMinutes: integer(),
            warningThreshold: integer(), defaultWaterAmountOz: number(), units: bool() ? .oz : .ml,
            discreetNotifications: bool(), updatedAt: date(),
            fieldStamps: maybe { records in
                Dictionary(uniqueKeysWithValues: SettingsField.allCases.filter { _ in records.bool() }.map { ($0.rawValue, records.date()) })
            }
        )
    }

    mutating func change() -> SyncPayload {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: .session(session())
        case 1: .logEntry(log())
        case 2: .preset(preset())
        default: .settings(settings())
        }
    }
}
