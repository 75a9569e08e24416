import ArgumentParser
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

struct SettingsCommand: StoreCommand {
    static let configuration = CommandConfiguration(commandName: "settings", abstract: "Show or change pacing settings.")

    @Option(parsing: .unconditional, help: "Water is due after this many drinks since the last water (1 to 99).")
    var every: Int?
    @Option(parsing: .unconditional, help: "The Waterline warns at or above this value (1 to 20).")
    var threshold: Int?
    @Option(help: "Time-based reminders: on or off.")
    var reminders: Switch?
    @Option(parsing: .unconditional, help: "Minutes between reminders: 10, 15, 20, 30, 45 or 60.")
    var interval: Int?
    @Option(name: .customLong("water-oz"), parsing: .unconditional, help: "Default glass of water in ounces.")
    var waterOz: Int?
    @Option(name: .customLong("water-ml"), parsing: .unconditional, help: "Default glass of water in millilitres (e.g. 250).")
    var waterMl: Int?
    @Option(help: "Units to show: oz or ml.")
    var units: Units?
    @Option(help: "Discreet notifications: on or off.")
    var discreet: Switch?
    @Option(name: .customLong("hide-counts"), help: "Hide drink and water counts on the phone's Lock Screen: on or off.")
    var hideCounts: Switch?
    @Option(name: .customLong("reminder-style"), help: "How reminders sound: sound (sound and haptic), haptic or silent.")
    var reminderStyle: ReminderStyle?
    @Option(name: .customLong("reminders-end"), help: "No reminders after this time of night (HH:MM, e.g. 01:00), or off.")
    var remindersEnd: String?

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run(on companion: Companion) async throws {
        var settings = try await companion.state().settings
        let changing = [every, threshold, interval, waterOz, waterMl].contains { $0 != nil } || reminders != nil || units != nil || discreet != nil || hideCounts != nil
            || reminderStyle != nil || remindersEnd != nil
        if waterOz != nil, waterMl != nil { throw CLIError("give the default water once: --water-oz or --water-ml") }
        if changing {
            if let every { settings.waterEveryNDrinks = every }
            if let threshold { settings.warningThreshold = threshold }
            if let reminders { settings.timeRemindersEnabled = reminders.isOn }
            if let interval { settings.timeReminderIntervalMinutes = interval }
            if let waterOz { settings.defaultWaterAmountOz = Double(waterOz) }
            if let waterMl { settings.defaultWaterAmountOz = VolumeConversion.ounces(fromMilliliters: Double(waterMl)) }
            if let units { settings.units = units }
            if let discreet { settings.discreetNotifications = discreet.isOn }
            if let hideCounts { settings.hideLockScreenCounts = hideCounts.isOn }
            if let reminderStyle { settings.reminderStyle = reminderStyle }
            if let remindersEnd {
                if remindersEnd == "off" {
                    settings.remindersEndEnabled = false
                } else if let minute = RemindersEnd.minute(parsing: remindersEnd) {
                    settings.remindersEndEnabled = true
                    settings.remindersEndMinute = minute
                } else {
                    throw CLIError("--reminders-end takes a time of night as HH:MM (00:00 to 23:59), or off")
                }
            }
            settings = try await companion.send(.updateSettings(settings)).state.settings
        }
        if output.json { return try Output.json(settings) }
        print("""
            Water every:        \(settings.waterEveryNDrinks) \(settings.waterEveryNDrinks == 1 ? "drink" : "drinks")
            Warning threshold:  \(settings.warningThreshold)
            Time reminders:     \(settings.timeRemindersEnabled ? "on, every \(settings.timeReminderIntervalMinutes) min" : "off")
            Default water:      \(VolumeConversion.format(ounces: settings.defaultWaterAmountOz, in: settings.units))
            Units:              \(settings.units.rawValue)
            Discreet:           \(settings.discreetNotifications ? "on" : "off")
            Lock Screen counts: \(settings.hideLockScreenCounts ? "hidden" : "shown")
            Reminder style:     \(settings.reminderStyle.rawValue)
            No reminders after: \(settings.remindersEndEnabled ? RemindersEnd.text(minute: settings.remindersEndMinute) : "off")
            """)
    }
}

/// "on" / "off" for boolean settings.
enum Switch: String, ExpressibleByArgument, CaseIterable {
    case on, off
    var isOn: Bool { self == .on }
}

extension Units: @retroactive ExpressibleByArgument {}
extension ReminderStyle: @retroactive ExpressibleByArgument {}
extension DrinkType: @retroactive ExpressibleByArgument {}
