import Foundation

/// One setting, as `UserSettings.fieldStamps` names it: the unit two devices' changes are merged by.
public enum SettingsField: String, CaseIterable, Sendable {
    case waterEveryNDrinks, timeRemindersEnabled, timeReminderIntervalMinutes, warningThreshold
    case defaultWaterAmountOz, units, discreetNotifications, hideLockScreenCounts, reminderStyle, remindersEndEnabled
    case remindersEndMinute

    /// This setting's value in `settings`, spelled out: to compare two versions, and to break a
    /// tie between two changes made at the same moment the same way everywhere.
    func value(in settings: UserSettings) -> String {
        switch self {
        case .waterEveryNDrinks: String(settings.waterEveryNDrinks)
        case .timeRemindersEnabled: String(settings.timeRemindersEnabled)
        case .timeReminderIntervalMinutes: String(settings.timeReminderIntervalMinutes)
        case .warningThreshold: String(settings.warningThreshold)
        case .defaultWaterAmountOz: String(settings.defaultWaterAmountOz)
        case .units: settings.units.rawValue
        case .discreetNotifications: String(settings.discreetNotifications)
        case .hideLockScreenCounts: String(settings.hideLockScreenCounts)
        case .reminderStyle: settings.reminderStyle.rawValue
        case .remindersEndEnabled: String(settings.remindersEndEnabled)
        case .remindersEndMinute: String(settings.remindersEndMinute)
        }
    }

    /// Whether `a` and `b` hold the same value of this setting.
    func isSame(_ a: UserSettings, _ b: UserSettings) -> Bool {
        value(in: a) == value(in: b)
    }

    /// Copies this setting's value from `source` into `target`.
    func copy(from source: UserSettings, into target: inout UserSettings) {
        switch self {
        case .waterEveryNDrinks: target.waterEveryNDrinks = source.waterEveryNDrinks
        case .timeRemindersEnabled: target.timeRemindersEnabled = source.timeRemindersEnabled
        case .timeReminderIntervalMinutes: target.timeReminderIntervalMinutes = source.timeReminderIntervalMinutes
        case .warningThreshold: target.warningThreshold = source.warningThreshold
        case .defaultWaterAmountOz: target.defaultWaterAmountOz = source.defaultWaterAmountOz
        case .units: target.units = source.units
        case .discreetNotifications: target.discreetNotifications = source.discreetNotifications
        case .hideLockScreenCounts: target.hideLockScreenCounts = source.hideLockScreenCounts
        case .reminderStyle: target.reminderStyle = source.reminderStyle
        case .remindersEndEnabled: target.remindersEndEnabled = source.remindersEndEnabled
        case .remindersEndMinute: target.remindersEndMinute = source.remindersEndMinute
        }
    }
}
