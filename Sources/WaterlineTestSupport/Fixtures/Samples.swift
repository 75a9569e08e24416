import Foundation
import WaterlineCore

// Fixed sample values for tests and the wire-format fixtures (kept out of the shipped modules).
// Dates are whole seconds so they survive a millisecond round-trip unchanged.

extension Date {
    /// Saturday 2026-11-21 20:00 UTC, the evening every mock takes place on.
    public static let mockEvening = Date(timeIntervalSince1970: 1_795_291_200)
}

extension User {
    public static let mock = User(
        id: UUID(uuidString: "6f1c2a4e-8b1d-4c3e-9a55-0d2e7b8c9f01")!,
        appleUserId: "001234.abcdef0123456789abcdef0123456789.1234",
        createdAt: .mockEvening.addingTimeInterval(-86_400 * 30),
        settings: .mock
    )
}

extension UserSettings {
    public static let mock = UserSettings(
        waterEveryNDrinks: 2, timeRemindersEnabled: true, timeReminderIntervalMinutes: 30, warningThreshold: 3,
        defaultWaterAmountOz: 12, units: .ml, discreetNotifications: true, updatedAt: .mockEvening.addingTimeInterval(-3_600)
    )
}

extension DrinkPreset {
    public static let mockDouble = DrinkPreset(
        id: UUID(uuidString: "0d0b1e00-2222-4000-8000-000000000005")!, userId: User.mock.id, name: "Double",
        drinkType: .liquor, sizeOz: 3, abv: 40, standardDrinkEstimate: 2, sortOrder: 4, updatedAt: .mockEvening
    )
}

extension LogEntry {
    public static let mockBeer = LogEntry.alcohol(
        id: UUID(uuidString: "b0000000-0000-4000-8000-000000000001")!, sessionId: Session.mockNightOut.id,
        at: .mockEvening.addingTimeInterval(15 * 60),
        AlcoholMeta(drinkType: .beer, sizeOz: 12, abv: 5, standardDrinkEstimate: 1)
    )

    public static let mockDouble = LogEntry.alcohol(
        id: UUID(uuidString: "b0000000-0000-4000-8000-000000000002")!, sessionId: Session.mockNightOut.id,
        at: .mockEvening.addingTimeInterval(50 * 60), DrinkPreset.mockDouble.alcoholMeta, source: .watch
    )

    public static let mockWater = LogEntry.water(
        id: UUID(uuidString: "b0000000-0000-4000-8000-000000000003")!, sessionId: Session.mockNightOut.id,
        at: .mockEvening.addingTimeInterval(70 * 60), amountOz: 12, source: .liveActivity
    )

    /// The mock session's logs in order.
    public static let mockSession: [LogEntry] = [.mockBeer, .mockDouble, .mockWater]
}

extension Session {
    /// A session that ended after two hours: a beer, a double, a water.
    public static let mockNightOut = Session(
        id: UUID(uuidString: "5e550000-0000-4000-8000-000000000001")!, userId: User.mock.id, startTime: .mockEvening,
        endTime: .mockEvening.addingTimeInterval(2 * 3_600), isActive: false, computedSummary: .mock,
        updatedAt: .mockEvening.addingTimeInterval(2 * 3_600)
    )
}

extension SessionSummary {
    public static let mock = SessionSummary(
        totalAlcoholCount: 2, totalStandardDrinks: 3, totalWaterCount: 1, totalWaterOz: 12, durationSeconds: 7_200,
        finalWaterline: 2, peakWaterline: 3, lowestWaterline: 0, adherence: PacingAdherence(breaksDue: 1, breaksKept: 1)
    )
}

extension SessionGlance {
    public static let mock = SessionGlance(
        sessionId: Session.mockNightOut.id, startTime: .mockEvening, waterlineValue: 2.5, totalAlcoholCount: 3,
        totalWaterCount: 1, isWarning: true, drinksUntilWaterDue: 0,
        nextReminderDate: .mockEvening.addingTimeInterval(100 * 60), isEnded: false
    )
}

extension ReminderRequest {
    public static let mock = ReminderRequest(
        identifier: "waterline.perDrink.b0000000-0000-4000-8000-000000000002",
        fireDate: .mockEvening.addingTimeInterval(50 * 60), kind: .perDrink, sessionId: Session.mockNightOut.id,
        content: NotificationCopy.content(
            for: .perDrink,
            state: WaterlineState(waterlineValue: 3, alcoholCountSinceLastWater: 2, totalAlcoholCount: 2, totalStandardDrinks: 3, isWarning: true),
            settings: .mock, sessionId: Session.mockNightOut.id
        )
    )
}

extension WidgetSnapshot {
    public static let mock = WidgetSnapshot(
        isActive: true, sessionId: Session.mockNightOut.id, startTime: .mockEvening, waterlineValue: 2, totalAlcoholCount: 2,
        totalWaterCount: 1, isWarning: false, warningThreshold: 3, drinksUntilWaterDue: 2,
        recentLogs: LogEntry.mockSession.reversed().map { WidgetLogLine(log: $0, units: .oz) },
        nextReminderDate: .mockEvening.addingTimeInterval(100 * 60), lastSessionSummary: .mock, discreet: true,
        generatedAt: .mockEvening.addingTimeInterval(71 * 60)
    )
}
