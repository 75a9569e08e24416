import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage
import WaterlineRuntime

/// Fixed dates and builders, so no test depends on the real clock.
public enum Fixed {
    /// 2026-11-21 20:00:00 UTC.
    public static let start = Date(timeIntervalSince1970: 1_795_291_200)
    public static let sessionId = UUID(number: 0x5E55)

    public static func at(minutes: Double) -> Date {
        start.addingTimeInterval(minutes * 60)
    }

    public static func drink(_ number: Int, at minutes: Double, estimate: Double = 1, session: UUID = sessionId) -> LogEntry {
        LogEntry.alcohol(
            id: UUID(number: number), sessionId: session, at: at(minutes: minutes),
            AlcoholMeta(drinkType: .beer, sizeOz: 12, abv: 5, standardDrinkEstimate: estimate)
        )
    }

    public static func water(_ number: Int, at minutes: Double, session: UUID = sessionId) -> LogEntry {
        LogEntry.water(id: UUID(number: number), sessionId: session, at: at(minutes: minutes), amountOz: 8)
    }

    /// Logs from a pattern such as "DDWD": D a one-standard drink, W a water, a minute apart.
    public static func logs(_ pattern: String) -> [LogEntry] {
        pattern.enumerated().map { index, letter in
            letter == "W" ? water(index + 1, at: Double(index)) : drink(index + 1, at: Double(index))
        }
    }

    public static func session(start: Date = Fixed.start, endTime: Date? = nil) -> Session {
        Session(id: sessionId, userId: UUID(number: 0xA11CE), startTime: start, endTime: endTime, isActive: endTime == nil)
    }
}
