import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

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

    @Test("N may be any whole number from 1 to 99, the threshold from 1 to 20 (Limits, shared with the CLI and the server)")
    func largeValues() throws {
        try UserSettings(waterEveryNDrinks: 12, warningThreshold: 9).validate()
        try UserSettings(waterEveryNDrinks: 99, warningThreshold: 20).validate()
        #expect(Limits.waterEveryNDrinks.wholeNumbers == 1...99)
        #expect(Limits.warningThreshold.wholeNumbers == 1...20)
        #expect(Limits.waterAmountOz.wholeNumbers == 1...64)
    }

    @Test("absurd counts are refused, never clamped", arguments: [Int.max, Int.min, 100, 100_000])
    func absurd(value: Int) {
        #expect(throws: ValidationError.self) { try UserSettings(waterEveryNDrinks: value).validate() }
        #expect(throws: ValidationError.self) { try UserSettings(warningThreshold: value).validate() }
        #expect(throws: ValidationError.self) { try UserSettings(warningThreshold: 21).validate() }
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
