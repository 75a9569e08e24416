import Foundation
import Observation
import WaterlineCore

/// The watch's main screen. The watch runs the kit's runtime on its own store, so every tap is an
/// action like any other (through `SessionActions`, the one door), the gauge and counts are the
/// watch's own records, and the session works with the phone away; what waits for the phone is
/// counted and shown.
@Observable
@MainActor
public final class WatchSessionModel {
    public private(set) var state: DeviceState?
    /// The session ended here, for its summary, until a new one starts.
    public private(set) var endedSession: SessionSnapshot?
    public var isPickingPreset = false
    public var isConfirmingEnd = false
    /// Why the last tap could not be carried out, in the watch's language; nil when all is well.
    public private(set) var problemMessage: String?
    /// After a session was started here: where else it will show (the phone's Lock Screen, once its
    /// app opens, since iOS starts no Live Activity from the background).
    public private(set) var startedNote: String?

    @ObservationIgnored private let actions: any SessionActions

    /// The screen refreshes whenever the watch's store changes: a tap, a notification's Log
    /// Water, or what a pull from the phone brought.
    public init(actions: any SessionActions) {
        self.actions = actions
        actions.screenUpdates.observe { [weak self] change in
            guard let self else { return false }
            await self.storeChanged(change)
            return true
        }
    }

    public var presets: [DrinkPreset] { state?.presets ?? [] }

    /// Changes made on the watch that the phone does not have yet, as the runtime's sync last
    /// reported them.
    public var unsent: Int { actions.syncStatus.pendingCount + actions.syncStatus.failedCount }

    public var display: WatchDisplay { WatchDisplay(state, unsent: unsent) }

    /// The ended session's summary lines, while one is shown.
    public var summary: SessionSummary? { endedSession?.session.computedSummary }

    // MARK: What the person did

    /// The app opened, or came to the front.
    public func appeared() async {
        await perform { show(try await actions.reader.currentState()) }
    }

    public func waterButtonTapped() async {
        await perform { try await actions.send(.logWater(source: .watch)) }
    }

    public func drinkButtonTapped() {
        guard state?.active != nil else { return }
        isPickingPreset = true
    }

    public func presetTapped(_ preset: DrinkPreset) async {
        isPickingPreset = false
        await perform { try await actions.send(.logDrink(.preset(preset.id), source: .watch)) }
    }

    public func startSessionTapped() async {
        endedSession = nil
        await perform {
            let result = try await actions.send(.startSession)
            startedNote = result.changed ? KitText.string(KitStrings.watchStartedNote) : nil
        }
    }

    /// The session's plan, as set anywhere ("I'm planning 4 drinks"); nil while none is set.
    public var plannedDrinks: Int? { state?.active?.session.plannedDrinks }
    /// The plan's picker is up.
    public var isPlanning = false

    /// Where the wrist's plan picker starts: the session's plan, else `Session.suggestedPlannedDrinks`.
    public var planSuggestion: Int { plannedDrinks ?? Session.suggestedPlannedDrinks }

    /// "Plan" on the wrist: the picker, starting from `planSuggestion`.
    public func planButtonTapped() {
        guard state?.active != nil else { return }
        isPlanning = true
    }

    /// A number of drinks chosen for tonight, or none ("No Plan"): the session's plan, as on the
    /// phone, and the phone follows by sync.
    public func planChosen(_ drinks: Int?) async {
        isPlanning = false
        await perform { try await actions.send(.setPlan(drinks: drinks)) }
    }

    public func endSessionButtonTapped() {
        isConfirmingEnd = true
    }

    public func endSessionConfirmed() async {
        isConfirmingEnd = false
        startedNote = nil
        guard let sessionId = state?.active?.session.id else { return }
        await perform {
            let result = try await actions.send(.endSession(sessionId: sessionId))
            endedSession = result.session
        }
    }

    public func summaryDismissed() {
        endedSession = nil
    }

    /// The person read the problem.
    public func problemDismissed() {
        problemMessage = nil
    }

    // MARK: What the watch learned

    /// The watch's store changed, with the state it left.
    public func storeChanged(_ change: StoreChange) async {
        show(change.state)
    }

    private func show(_ state: DeviceState) {
        self.state = state
        // A session started anywhere (here, or on the phone and pulled) replaces the last summary.
        if state.active != nil { endedSession = nil }
    }

    private func perform(_ body: () async throws -> Void) async {
        do {
            try await body()
            problemMessage = nil
        } catch {
            problemMessage = WatchProblem(error).message
        }
    }
}
