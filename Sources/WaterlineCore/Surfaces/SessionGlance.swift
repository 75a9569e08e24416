import Foundation

/// What the Live Activity and Dynamic Island show; the widget target's `ContentState` mirrors it.
public struct SessionGlance: Codable, Hashable, Sendable {
    public var sessionId: UUID
    public var startTime: Date
    public var waterlineValue: Double
    public var totalAlcoholCount: Int
    public var totalWaterCount: Int
    public var isWarning: Bool
    public var drinksUntilWaterDue: Int
    /// Drives a `Text(timerInterval:)` countdown; nil when no reminder is planned.
    public var nextReminderDate: Date?
    public var isEnded: Bool
    /// The preset the Live Activity's "+ Drink" logs (`DeviceState.quickDrink`); nil with none.
    public var quickDrinkName: String?
    /// Discreet mode: the Lock Screen and the Dynamic Island say no drink words and show no
    /// wineglass (`LiveActivityPresentation`), as the Lock Screen widgets and notifications do.
    public var discreet: Bool
    /// "Hide counts on the Lock Screen": no drink and water counts there or in the Dynamic Island.
    public var hidesCounts: Bool
    /// The session's plan and the standard drinks had ("2 of 4 planned"); nil plan: none made.
    public var plannedDrinks: Int?
    public var standardDrinks: Double

    public init(
        sessionId: UUID, startTime: Date, waterlineValue: Double, totalAlcoholCount: Int, totalWaterCount: Int,
        isWarning: Bool, drinksUntilWaterDue: Int, nextReminderDate: Date?, isEnded: Bool, quickDrinkName: String? = nil,
        discreet: Bool = false, hidesCounts: Bool = false, plannedDrinks: Int? = nil, standardDrinks: Double = 0
    ) {
        self.sessionId = sessionId
        self.startTime = startTime
        self.waterlineValue = waterlineValue
        self.totalAlcoholCount = totalAlcoholCount
        self.totalWaterCount = totalWaterCount
        self.isWarning = isWarning
        self.drinksUntilWaterDue = drinksUntilWaterDue
        self.nextReminderDate = nextReminderDate
        self.isEnded = isEnded
        self.quickDrinkName = quickDrinkName
        self.discreet = discreet
        self.hidesCounts = hidesCounts
        self.plannedDrinks = plannedDrinks
        self.standardDrinks = standardDrinks
    }

    public init(session: Session, state: WaterlineState, drinksUntilWaterDue: Int, nextReminderDate: Date?) {
        self.init(
            sessionId: session.id, startTime: session.startTime, waterlineValue: state.waterlineValue,
            totalAlcoholCount: state.totalAlcoholCount, totalWaterCount: state.totalWaterCount,
            isWarning: state.isWarning, drinksUntilWaterDue: drinksUntilWaterDue,
            nextReminderDate: session.isActive ? nextReminderDate : nil, isEnded: !session.isActive,
            plannedDrinks: session.plannedDrinks, standardDrinks: state.totalStandardDrinks
        )
    }

    private enum CodingKeys: String, CodingKey {
        case sessionId, startTime, waterlineValue, totalAlcoholCount, totalWaterCount, isWarning, drinksUntilWaterDue
        case nextReminderDate, isEnded, quickDrinkName, discreet, hidesCounts, plannedDrinks, standardDrinks
    }

    /// A state written before discreet mode (or hiding counts) reached the Live Activity reads as
    /// not discreet, counts shown.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sessionId = try container.decode(UUID.self, forKey: .sessionId)
        startTime = try container.decode(Date.self, forKey: .startTime)
        waterlineValue = try container.decode(Double.self, forKey: .waterlineValue)
        totalAlcoholCount = try container.decode(Int.self, forKey: .totalAlcoholCount)
        totalWaterCount = try container.decode(Int.self, forKey: .totalWaterCount)
        isWarning = try container.decode(Bool.self, forKey: .isWarning)
        drinksUntilWaterDue = try container.decode(Int.self, forKey: .drinksUntilWaterDue)
        nextReminderDate = try container.decodeIfPresent(Date.self, forKey: .nextReminderDate)
        isEnded = try container.decode(Bool.self, forKey: .isEnded)
        quickDrinkName = try container.decodeIfPresent(String.self, forKey: .quickDrinkName)
        discreet = try container.decodeIfPresent(Bool.self, forKey: .discreet) ?? false
        hidesCounts = try container.decodeIfPresent(Bool.self, forKey: .hidesCounts) ?? false
        plannedDrinks = try container.decodeIfPresent(Int.self, forKey: .plannedDrinks)
        standardDrinks = try container.decodeIfPresent(Double.self, forKey: .standardDrinks) ?? 0
    }

    /// "2.5", "0", "−1": the Waterline as every surface prints it.
    public var waterlineText: String { WaterlineFormat.value(waterlineValue) }

    /// "2 of 4 planned"; nil with no plan.
    public var plan: PlanProgress? { PlanProgress(planned: plannedDrinks, had: standardDrinks) }

    /// "+ Beer": the Live Activity's drink button says what it logs; "+ Drink" with no preset.
    public var drinkButtonTitle: String { QuickDrinkTitle.button(quickDrinkName) }
}
