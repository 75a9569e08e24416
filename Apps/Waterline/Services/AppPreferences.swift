import Foundation

/// Small flags kept in the App Group's defaults: onboarding, the notification answer, "Keep Going".
struct AppPreferences {
    private let defaults: UserDefaults

    init(defaults: UserDefaults = UserDefaults(suiteName: "group.com.waterline.app") ?? .standard) {
        self.defaults = defaults
    }

    var hasFinishedOnboarding: Bool {
        get { defaults.bool(forKey: "onboardingFinished") }
        nonmutating set { defaults.set(newValue, forKey: "onboardingFinished") }
    }

    var keptGoingAt: Date? {
        get { defaults.object(forKey: "keptGoingAt") as? Date }
        nonmutating set { defaults.set(newValue, forKey: "keptGoingAt") }
    }
}
