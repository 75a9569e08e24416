import Observation
import WaterlineCore

/// Onboarding: welcome, the guardrail, Sign in with Apple, defaults, notifications, then (once,
/// on the phone) Apple Health.
@Observable
@MainActor
public final class OnboardingModel {
    public enum Step: Int, CaseIterable, Sendable {
        case welcome, guardrail, signIn, configure, notifications, health, done
    }

    public static var welcomeText: String { KitText.string(KitStrings.onboardingWelcome) }
    public static var guardrailText: String { KitText.string(KitStrings.onboardingGuardrail) }
    public static var notificationsText: String { KitText.string(KitStrings.onboardingNotifications) }
    public static var healthText: String { KitText.string(KitStrings.onboardingHealth) }

    public private(set) var step: Step = .welcome {
        // Remembered between launches: the next one opens on Home.
        didSet { if step == .done { preferences.hasFinishedOnboarding = true } }
    }
    /// The defaults being configured; the steppers and pickers edit these.
    public var settings = UserSettings()
    public private(set) var errorMessage: String?

    /// Whether a sync server is set: with none, there is no sign-in to offer (it could only
    /// fail), and the step is left out; the data stays on this device.
    public let offersSignIn: Bool

    @ObservationIgnored private let actions: any SessionActions
    @ObservationIgnored private let permissions: any NotificationPermissions
    @ObservationIgnored private let preferences: any DevicePreferences
    /// Apple Health's switch where this device writes to Health (the phone); nil leaves the step out.
    @ObservationIgnored private let health: (any HealthSwitch)?

    public init(
        actions: any SessionActions, permissions: any NotificationPermissions, preferences: any DevicePreferences, offersSignIn: Bool = true,
        health: (any HealthSwitch)? = nil
    ) {
        self.actions = actions
        self.permissions = permissions
        self.preferences = preferences
        self.offersSignIn = offersSignIn
        self.health = health
    }

    public func continueTapped() {
        guard var next = Step(rawValue: step.rawValue + 1), step != .configure, step != .notifications, step != .health else { return }
        if next == .signIn, !offersSignIn { next = .configure }
        step = next
    }

    /// Signed in (and the account's records pulled): the defaults start from the account's
    /// settings rather than the factory ones.
    public func signedIn() async {
        guard step == .signIn else { return }
        if let accountSettings = try? await actions.reader.currentState().settings { settings = accountSettings }
        step = .configure
    }

    public func waterEveryStepped(to value: Int) { settings.waterEveryNDrinks = max(1, value) }
    public func thresholdStepped(to value: Int) { settings.warningThreshold = max(1, value) }

    /// Saves the defaults (and the five starter presets); goes on to notifications.
    public func configureDoneTapped() async {
        do {
            try settings.validate()
            try await actions.send(.prepare(settings))
            errorMessage = nil
            step = .notifications
        } catch {
            errorMessage = ScreenMessage.describe(error)
        }
    }

    /// "Enable Notifications": the system's question, then onboarding is over whatever the answer.
    public func enableNotificationsTapped() async {
        guard step == .notifications else { return }
        _ = await permissions.askForNotifications()
        step = afterNotifications
    }

    /// "Skip": onboarding is over; reminders show in the app, and Settings offers the question
    /// (nothing asks it unbidden, not even the first session).
    public func notificationsSkipped() {
        if step == .notifications { step = afterNotifications }
    }

    /// Apple Health is offered once, after reminders, where this device writes to it.
    private var afterNotifications: Step { health == nil ? .done : .health }

    /// "Write to Apple Health" (the system's sheet) or "Not now": onboarding is over either way;
    /// Settings keeps the switch.
    public func healthAnswered(write: Bool) async {
        guard step == .health else { return }
        if write, let health { _ = await health.turnOn() }
        step = .done
    }

    public var isFinished: Bool { step == .done }
}
