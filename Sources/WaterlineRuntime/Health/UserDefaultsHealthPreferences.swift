import Foundation
import WaterlineCore

/// `HealthPreferences` in a defaults domain (the phone app's; only its process writes to Health).
public final class UserDefaultsHealthPreferences: HealthPreferences, @unchecked Sendable {
    // UserDefaults is thread-safe; this class keeps no state of its own.
    private let defaults: UserDefaults

    public init(defaults: UserDefaults) {
        self.defaults = defaults
    }

    public var isWritingToHealth: Bool {
        get { defaults.bool(forKey: "healthWriting") }
        set { defaults.set(newValue, forKey: "healthWriting") }
    }

    public var healthCursor: Int {
        get { defaults.integer(forKey: "healthCursor") }
        set { defaults.set(newValue, forKey: "healthCursor") }
    }
}
