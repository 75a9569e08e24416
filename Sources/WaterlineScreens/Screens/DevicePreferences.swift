import Foundation

/// What this device remembers between launches outside the store: whether onboarding was
/// finished, and when "Keep Going" was last chosen. The screens' models write it, as what follows
/// the person's tap; views never do.
@MainActor
public protocol DevicePreferences: AnyObject {
    var hasFinishedOnboarding: Bool { get set }
    var keptGoingAt: Date? { get set }
}
