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
        self.updatedAt = updatedAt
        self.fieldStamps = fieldStamps
    }

    private enum CodingKeys: String, CodingKey {
        case waterEveryNDrinks, timeRemindersEnabled, timeReminderIntervalMinutes, warningThreshold
        case defaultWaterAmountOz, units, discreetNotifications, hideLockScreenCounts, updatedAt, fieldStamps
    }

    /// Settings saved or sent before "Hide counts on the Lock Screen" existed read as showing them,
    /// never chosen (the untouched stamp), so an older device's settings cannot undo a choice made
    /// on a newer one.
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
        if let hide = try container.decodeIfPresent(Bool.self, forKey: .hideLockScreenCounts) {
            hideLockScreenCounts = hide
        } else {
            hideLockScreenCounts = false
            fieldStamps = (fieldStamps ?? [:]).merging([SettingsField.hideLockScreenCounts.rawValue: Self.untouchedStamp]) { _, untouched in untouched }
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
