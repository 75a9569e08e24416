import Foundation

extension UserSettings {
    /// When `field` was last chosen.
    public func stamp(of field: SettingsField) -> Date {
        fieldStamps?[field.rawValue] ?? updatedAt
    }

    /// These settings as edited to `edited` at `time`: each setting that changed takes `time` as
    /// its stamp, the others keep theirs.
    public func edited(to edited: UserSettings, at time: Date) -> UserSettings {
        var result = edited
        var stamps: [String: Date] = [:]
        for field in SettingsField.allCases {
            stamps[field.rawValue] = field.isSame(self, edited) ? stamp(of: field) : time
        }
        result.updatedAt = time
        result.fieldStamps = stamps
        return result
    }

    /// Two versions of the settings made one, setting by setting: each takes the value chosen
    /// last (two values chosen at the same moment: the one that sorts last, so every device
    /// picks the same). The result's stamp is the later of the two. Merging gives the same on
    /// every device and backend, whichever version it starts from.
    public func merged(with other: UserSettings) -> UserSettings {
        var result = self
        var stamps: [String: Date] = [:]
        for field in SettingsField.allCases {
            let mine = stamp(of: field), theirs = other.stamp(of: field)
            if theirs > mine || (theirs == mine && field.value(in: other) > field.value(in: self)) {
                field.copy(from: other, into: &result)
            }
            stamps[field.rawValue] = max(mine, theirs)
        }
        result.updatedAt = max(updatedAt, other.updatedAt)
        // Stamps equal to the whole's say nothing more: kept only when some setting is older.
        result.fieldStamps = stamps.values.allSatisfy({ $0 == result.updatedAt }) ? nil : stamps
        return result
    }
}
