import Foundation
import Observation
import WaterlineCore

/// The Home screen: Start Session and the last five sessions, or the running session with quick
/// logging; and the question about a session left running.
@Observable
@MainActor
public final class HomeModel {
    public static let recentLimit = 5

    public private(set) var active: SessionSnapshot?
    public private(set) var recent: [SessionReport] = []
    public private(set) var settings = UserSettings()
    public private(set) var abandonedPrompt: AbandonedSessionPrompt?
    public private(set) var errorMessage: String?
    /// Set when a session starts (or a link asks for it), for the view to open the Active Session screen.
    public private(set) var startedSession: SessionSnapshot?
    /// With `startedSession`: open that screen with its drink picker showing ("+ Drink" here).
    public private(set) var opensDrinkPicker = false
    /// "Undo" after a water logged here.
    /// The Undo banner after a quick log.
    public let undo: UndoController
    /// The Undo banner's offer, while one stands.
    /// Set when a link asks for a past session's summary, for the view to open it.
    public private(set) var openedPastSessionId: UUID?

    @ObservationIgnored private let actions: any SessionActions
    @ObservationIgnored private let abandonedPolicy: AbandonedSessionPolicy
    /// Where "Keep Going" is remembered between launches.
    @ObservationIgnored private let preferences: any DevicePreferences

    /// Home refreshes whenever the store changes anywhere, from the state the change left.
    public init(actions: any SessionActions, preferences: any DevicePreferences, abandonedPolicy: AbandonedSessionPolicy = AbandonedSessionPolicy()) {
        self.actions = actions
        undo = UndoController(actions: actions)
        self.preferences = preferences
        self.abandonedPolicy = abandonedPolicy
        actions.screenUpdates.observe { [weak self] change in
            guard let self else { return false }
            await self.storeChanged(change)
            return true
        }
    }

    public var gauge: GaugeDisplay? {
        active.map { GaugeDisplay(state: $0.state, settings: settings) }
    }

    /// What "Past sessions" says while it has none: how to start, or, while the very first session
    /// runs, where its summary will be; nil once there is one.
    public var emptyStateText: String? {
        guard recent.isEmpty else { return nil }
        return KitText.string(active == nil ? KitStrings.homeEmpty : KitStrings.homeFirstSession)
    }

    /// "All Sessions" leads somewhere only once a session has ended.
    public var showsAllSessions: Bool { !recent.isEmpty }

    public func appeared() async {
        await perform {
            show(try await actions.reader.currentState())
            try await loadRecent()
        }
    }

    /// The store changed: the running session from the state it left; the past sessions again only
    /// when they changed.
    public func storeChanged(_ change: StoreChange) async {
        show(change.state)
        guard change.pastSessionsChanged else { return }
        await perform { try await loadRecent() }
    }

    /// "Plan tonight" was opened: the session starts with a plan of `plannedDrinks`. Off by default.
    public private(set) var isPlanning = false
    /// The plan's stepper: the last session's plan as the suggestion, else `Session.suggestedPlannedDrinks`.
    public private(set) var plannedDrinks = Session.suggestedPlannedDrinks

    /// "I'm planning…" on the start card: the suggestion, ready to adjust; tapped again, no plan.
    public func planToggled() {
        isPlanning.toggle()
        if isPlanning { plannedDrinks = preferences.lastPlannedDrinks ?? Session.suggestedPlannedDrinks }
    }

    public func planStepped(up: Bool) {
        plannedDrinks = min(max(plannedDrinks + (up ? 1 : -1), Int(Limits.plannedDrinks.lower)), Int(Limits.plannedDrinks.upper))
    }

    /// "2 drinks planned", for the stepper.
    public var plannedDrinksText: String { KitText.string(KitStrings.drinkCount, .int(plannedDrinks)) }

    public func startSessionButtonTapped() async {
        await perform {
            var started = try await actions.send(.startSession)
            if isPlanning {
                started = try await actions.send(.setPlan(drinks: plannedDrinks))
                preferences.lastPlannedDrinks = plannedDrinks
                isPlanning = false
            }
            startedSession = started.state.active
        }
    }

    public func waterButtonTapped() async {
        await perform {
            let result = try await actions.send(.logWater(source: .phone))
            undo.offer(after: result)
        }
    }

    /// "+ Drink" means one thing everywhere in the app: choose the drink. Here it opens the
    /// running session's screen with its picker (presets and sizes) showing: still two taps.
    public func drinkButtonTapped() {
        guard let active else { return }
        opensDrinkPicker = true
        startedSession = active
    }

    /// "View Session": the session's screen, without the drink picker ("+ Drink" earlier opened it
    /// with one; this does not).
    public func viewSessionTapped() {
        guard let active else { return }
        opensDrinkPicker = false
        startedSession = active
    }

    public func undoTapped() async {
        await perform { try await undo.undo() }
    }

    public func errorDismissed() {
        errorMessage = nil
    }

    /// "End Now" on the prompt for a session left running: it ended at its last log, not this
    /// morning, so its duration and chart are the session's.
    public func endNowTapped() async {
        abandonedPrompt = nil
        await perform { try await actions.send(.endSession(atLastLog: true)) }
    }

    /// "Keep Going": the session is live again everywhere and the next log joins it; remembered
    /// between launches, so a long session is not asked about for another twelve hours.
    public func keepGoingTapped() async {
        abandonedPrompt = nil
        preferences.keptGoingAt = actions.reader.now()
        await perform { try await actions.send(.keepGoing) }
    }

    public func navigatedToSession() {
        startedSession = nil
        opensDrinkPicker = false
        undo.clear()
    }

    /// A widget, the complication or a notification asked for a screen.
    public func linkOpened(_ link: DeepLink) async {
        switch link {
        case .home:
            await appeared()
        case .activeSession:
            await appeared()
            // With no session running any more, Home itself is the right screen.
            if let active { startedSession = active }
        case .pastSession(let id):
            openedPastSessionId = id
        }
    }

    public func navigatedToPastSession() {
        openedPastSessionId = nil
    }

    private func show(_ state: DeviceState) {
        settings = state.settings
        active = state.active
        abandonedPrompt = state.active.flatMap {
            abandonedPolicy.prompt(for: $0.session, lastActivity: $0.lastActivity, now: actions.reader.now(), keptGoingAt: preferences.keptGoingAt)
        }
    }

    private func loadRecent() async throws {
        let now = actions.reader.now()
        recent = try await actions.reader.recentSessions(limit: Self.recentLimit).map { SessionReport($0, settings: settings, now: now) }
    }

    private func perform(_ body: () async throws -> Void) async {
        errorMessage = await ScreenMessage.attempt(body)
    }
}
