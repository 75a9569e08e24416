import Foundation

/// The person's pacing preferences. Defaults are the product owner's.
public struct UserSettings: Codable, Hashable, Sendable {
    /// The stamp of settings nobody has chosen yet: older than any real change, so the
    /// account's settings win a merge, and never worth pushing to the backend.
    public static let untouchedStamp = Date(timeIntervalSince1970: 0)

    /// The reminder intervals offered, in minutes.
    public static let reminderIntervalChoices = [10, 15, 20, 30, 45, 60]

    /// A water break is due after this many alcoholic drinks since the last water.
    public var waterEveryNDrinks: Int
    public var timeRemindersEnabled: Bool
    public var timeReminderIntervalMinutes: Int
    /// The Waterline turns to its warning at or above this value.
    public var warningThreshold: Int
    /// In ounces; a round millilitre amount when the person uses ml (250 ml is 8.45 oz).
    public var defaultWaterAmountOz: Double
    public var units: Units
    /// When on, notification titles and bodies never mention alcohol or counts.
    public var discreetNotifications: Bool
    /// When on, the Lock Screen's widgets, the Live Activity, the Dynamic Island and the watch
    /// face show no drink and water counts (off by default: US-030 and US-032 show them).
    /// Discreet notifications changes those surfaces' words only.
    public var hideLockScreenCounts: Bool
    /// How reminders sound: sound and haptic (default), haptic only, or silent.
    public var reminderStyle: ReminderStyle
    /// Whether reminders stop at `remindersEndMinute` of the session (`RemindersEnd`); off by default.
    public var remindersEndEnabled: Bool
    /// The time of night reminders stop, in minutes after midnight (00:00 to 23:59); 01:00 until chosen.
    public var remindersEndMinute: Int
    public var updatedAt: Date
    /// When each setting was last chosen, by `SettingsField` name; a field missing here dates
    /// from `updatedAt`. Two devices that change different settings both keep their change
    /// (`merged(with:)`), instead of the later one's whole object winning.
    public var fieldStamps: [String: Date]?

    /// Whether these are defaults nobody has changed.
    public var isUntouched: Bool { updatedAt == Self.untouchedStamp }

    public init(
        waterEveryNDrinks: Int = 1,
        timeRemindersEnabled: Bool = true,
        timeReminderIntervalMinutes: Int = 20,
        warningThreshold: Int = 2,
        defaultWaterAmountOz: Double = 8,
        units: Units = .oz,
        discreetNotifications: Bool = true,
        hideLockScreenCounts: Bool = false,
        reminderStyle: ReminderStyle = .soundAndHaptic,
        remindersEndEnabled: Bool = false,
        remindersEndMinute: Int = 60,
        updatedAt: Date = UserSettings.untouchedStamp,
        fieldStamps: [String: Date]? = nil
    ) {
        self.waterEveryNDrinks = waterEveryNDrinks
        self.timeRemindersEnabled = timeRemindersEnabled
        self.timeReminderIntervalMinutes = timeReminderIntervalMinutes
        self.warningThreshold = warningThreshold
        self.defaultWaterAmountOz = defaultWaterAmountOz
        self.units = units
        self.discreetNotifications = discreetNotifications
        self.hideLockScreenCounts = hideLockScreenCounts
        self.reminderStyle = reminderStyle
        self.remindersEndEnabled = remindersEndEnabled
        self.remindersEndMinute = remindersEndMinute
        self.updatedAt = updatedAt
        self.fieldStamps = fieldStamps
    }

    private enum CodingKeys: String, CodingKey {
        case waterEveryNDrinks, timeRemindersEnabled, timeReminderIntervalMinutes, warningThreshold
        case defaultWaterAmountOz, units, discreetNotifications, hideLockScreenCounts, reminderStyle, remindersEndEnabled
        case remindersEndMinute, updatedAt, fieldStamps
    }

    /// A setting added after the first release (hiding counts, the reminder style and end) that
    /// settings saved or sent before it lack reads as its default, never chosen (the untouched
    /// stamp), so an older device's settings cannot undo a choice made on a newer one.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        waterEveryNDrinks = try container.decode(Int.self, forKey: .waterEveryNDrinks)
        timeRemindersEnabled = try container.decode(Bool.self, forKey: .timeRemindersEnabled)
        timeReminderIntervalMinutes = try container.decode(Int.self, forKey: .timeReminderIntervalMinutes)
        warningThreshold = try container.decode(Int.self, forKey: .warningThreshold)
        defaultWaterAmountOz = try container.decode(Double.self, forKey: .defaultWaterAmountOz)
        units = try container.decode(Units.self, forKey: .units)
        discreetNotifications = try container.decode(Bool.self, forKey: .discreetNotifications)
        updatedAt = try container.decode(Date.self, forKey: .updatedAt)
        fieldStamps = try container.decodeIfPresent([String: Date].self, forKey: .fieldStamps)
        var missing: [SettingsField] = []
        func later<Value: Decodable>(_ key: CodingKeys, _ field: SettingsField, default value: Value) throws -> Value {
            if let sent = try container.decodeIfPresent(Value.self, forKey: key) { return sent }
            missing.append(field)
            return value
        }
        hideLockScreenCounts = try later(.hideLockScreenCounts, .hideLockScreenCounts, default: false)
        reminderStyle = try later(.reminderStyle, .reminderStyle, default: .soundAndHaptic)
        remindersEndEnabled = try later(.remindersEndEnabled, .remindersEndEnabled, default: false)
        remindersEndMinute = try later(.remindersEndMinute, .remindersEndMinute, default: 60)
        if !missing.isEmpty {
            var stamps = fieldStamps ?? [:]
            for field in missing { stamps[field.rawValue] = Self.untouchedStamp }
            fieldStamps = stamps
        }
    }

    /// Throws the first setting that is out of range; values are never clamped.
    public func validate() throws(ValidationError) {
        try Limits.waterEveryNDrinks.check(Double(waterEveryNDrinks), field: "waterEveryNDrinks")
        try Limits.warningThreshold.check(Double(warningThreshold), field: "warningThreshold")
        guard Self.reminderIntervalChoices.contains(timeReminderIntervalMinutes) else {
            throw .outOfRange(
                field: "timeReminderIntervalMinutes", value: Double(timeReminderIntervalMinutes),
                allowed: Self.reminderIntervalChoices.map(String.init).joined(separator: ", ")
            )
        }
        try Limits.waterAmountOz.check(defaultWaterAmountOz, field: "defaultWaterAmountOz")
        try Limits.remindersEndMinute.check(Double(remindersEndMinute), field: "remindersEndMinute")
        for (name, stamp) in fieldStamps ?? [:] {
            guard SettingsField(rawValue: name) != nil else {
                throw .unexpected(field: "fieldStamps", reason: "\(name.prefix(40)) is not a setting")
            }
            // A setting never chosen keeps the untouched stamp (a first edit sends the others so);
            // any other stamp is a time, bounded like every stored time.
            if stamp != Self.untouchedStamp {
                try Limits.timestamp.check(stamp.timeIntervalSince1970, field: "fieldStamps.\(name)")
            }
            guard stamp <= updatedAt else {
                throw .unexpected(field: "fieldStamps.\(name)", reason: "a setting cannot change after the settings did")
            }
        }
    }
}
