import Testing
@testable import WaterlineKit

@Suite("Settings")
struct UserSettingsTests {
    @Test("defaults are the product owner's")
    func defaults() throws {
        let settings = UserSettings()
        #expect(settings.waterEveryNDrinks == 1)
        #expect(settings.timeRemindersEnabled)
        #expect(settings.timeReminderIntervalMinutes == 20)
        #expect(settings.warningThreshold == 2)
        #expect(settings.defaultWaterAmountOz == 8)
        #expect(settings.units == .oz)
        #expect(settings.discreetNotifications)
        try settings.validate()
    }

    @Test("every offered interval is accepted", arguments: UserSettings.reminderIntervalChoices)
    func intervals(minutes: Int) throws {
        try UserSettings(timeReminderIntervalMinutes: minutes).validate()
    }

    @Test("large N and thresholds are allowed: any number above 0")
    func largeValues() throws {
        try UserSettings(waterEveryNDrinks: 12, warningThreshold: 9).validate()
    }

    @Test("invalid values are rejected with the field named, never clamped", arguments: [
        (UserSettings(waterEveryNDrinks: 0), "waterEveryNDrinks"),
        (UserSettings(waterEveryNDrinks: -2), "waterEveryNDrinks"),
        (UserSettings(warningThreshold: 0), "warningThreshold"),
        (UserSettings(timeReminderIntervalMinutes: 25), "timeReminderIntervalMinutes"),
        (UserSettings(timeReminderIntervalMinutes: 0), "timeReminderIntervalMinutes"),
        (UserSettings(defaultWaterAmountOz: 0), "defaultWaterAmountOz"),
        (UserSettings(defaultWaterAmountOz: 65), "defaultWaterAmountOz"),
    ])
    func invalid(settings: UserSettings, field: String) {
        #expect(throws: ValidationError.self) { try settings.validate() }
        do {
            try settings.validate()
        } catch {
            #expect(error.field == field)
            #expect(error.description.hasPrefix(field))
        }
    }
}
