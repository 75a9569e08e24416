import Foundation

/// How many water breaks became due and how many were kept (see ARCHITECTURE.md).
public struct PacingAdherence: Codable, Hashable, Sendable {
    public var breaksDue: Int
    public var breaksKept: Int

    public init(breaksDue: Int = 0, breaksKept: Int = 0) {
        self.breaksDue = breaksDue
        self.breaksKept = breaksKept
    }

    /// kept ÷ due, or nil when no break was ever due (shown as "—", never as 100 %).
    public var fraction: Double? {
        breaksDue == 0 ? nil : Double(breaksKept) / Double(breaksDue)
    }

    /// "50%" ("50 %" in Spanish, as the person's language writes a percentage), or "—" when
    /// nothing was due.
    public var displayText: String { displayText(locale: KitLanguage.locale) }

    public func displayText(locale: Locale) -> String {
        guard let fraction else { return "—" }
        return fraction.formatted(.percent.precision(.fractionLength(0)).locale(locale))
    }

    /// Walks the live logs in replay order. A break becomes due when the drinks since the last
    /// water reach N (once per stretch); the next log keeps it if it is water and misses it if it
    /// is another drink. A break still open when the logs run out counts neither way: stopping
    /// after the Nth drink is no lapse, so it never lowers the score.
    public static func compute(logs: [LogEntry], waterEveryNDrinks: Int) -> PacingAdherence {
        struct Walk {
            var result = PacingAdherence()
            var drinksSinceWater = 0
            var dueInStretch = false
            var breakOpen = false
        }
        let walk = WaterlineEngine.fold(logs, into: Walk()) { walk, log in
            switch log.type {
            case .water:
                if walk.breakOpen { walk.result.breaksKept += 1 }
                walk.drinksSinceWater = 0
                walk.dueInStretch = false
                walk.breakOpen = false
            case .alcohol:
                walk.breakOpen = false
                walk.drinksSinceWater += 1
                if !walk.dueInStretch, walk.drinksSinceWater >= waterEveryNDrinks {
                    walk.result.breaksDue += 1
                    walk.dueInStretch = true
                    walk.breakOpen = true
                }
            }
        }
        var result = walk.result
        if walk.breakOpen { result.breaksDue -= 1 }
        return result
    }
}
