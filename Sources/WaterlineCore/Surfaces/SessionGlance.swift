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

    public init(
        sessionId: UUID, startTime: Date, waterlineValue: Double, totalAlcoholCount: Int, totalWaterCount: Int,
        isWarning: Bool, drinksUntilWaterDue: Int, nextReminderDate: Date?, isEnded: Bool, quickDrinkName: String? = nil
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
    }

    public init(session: Session, state: WaterlineState, drinksUntilWaterDue: Int, nextReminderDate: Date?) {
        self.init(
            sessionId: session.id, startTime: session.startTime, waterlineValue: state.waterlineValue,
            totalAlcoholCount: state.totalAlcoholCount, totalWaterCount: state.totalWaterCount,
            isWarning: state.isWarning, drinksUntilWaterDue: drinksUntilWaterDue,
            nextReminderDate: session.isActive ? nextReminderDate : nil, isEnded: !session.isActive
        )
    }

    /// "2.5", "0", "−1": the Waterline as every surface prints it.
    public var waterlineText: String { WaterlineFormat.value(waterlineValue) }

    /// "+ Beer": the Live Activity's drink button says what it logs; "+ Drink" with no preset.
    public var drinkButtonTitle: String { QuickDrinkTitle.button(quickDrinkName) }
}
