import Foundation

/// What this device remembers between launches outside the store: whether onboarding was
/// finished, when "Keep Going" was last chosen, and the last session's plan (the next one's
/// suggestion). The screens' models write it, as what follows
/// the person's tap; views never do.
@MainActor
public protocol DevicePreferences: AnyObject {
    var hasFinishedOnboarding: Bool { get set }
    var keptGoingAt: Date? { get set }
    /// The drinks last planned for a session; nil before any plan.
    var lastPlannedDrinks: Int? { get set }
}
