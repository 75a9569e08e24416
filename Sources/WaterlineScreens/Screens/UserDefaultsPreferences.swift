import Foundation

/// `DevicePreferences` in a defaults domain (the app's App Group, so its extensions read the same).
@MainActor
public final class UserDefaultsPreferences: DevicePreferences {
    private let defaults: UserDefaults

    public init(defaults: UserDefaults) {
        self.defaults = defaults
    }

    public var hasFinishedOnboarding: Bool {
        get { defaults.bool(forKey: "onboardingFinished") }
        set { defaults.set(newValue, forKey: "onboardingFinished") }
    }

    public var keptGoingAt: Date? {
        get { defaults.object(forKey: "keptGoingAt") as? Date }
        set { defaults.set(newValue, forKey: "keptGoingAt") }
    }

    public var lastPlannedDrinks: Int? {
        get { defaults.object(forKey: "lastPlannedDrinks") as? Int }
        set { defaults.set(newValue, forKey: "lastPlannedDrinks") }
    }
}
