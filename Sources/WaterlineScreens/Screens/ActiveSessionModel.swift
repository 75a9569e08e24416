import Foundation
import Observation
import WaterlineCore

/// The Active Session screen: the gauge, counts, reminders, quick logging, the timeline,
/// undo, and ending the session. Methods are named for what the person did; every change goes
/// through `SessionActions`, and the screen shows the state each change leaves.
@Observable
@MainActor
public final class ActiveSessionModel {
    public private(set) var update: SessionSnapshot?
    public private(set) var settings = UserSettings()
    public private(set) var presets: [DrinkPreset] = []
    /// The Undo banner after a quick log.
    public let undo: UndoController
    /// The Undo banner's offer, while one stands.
    /// A calm message after something could not be done; nil when all is well.
    public private(set) var errorMessage: String?
    /// The drink picker is showing ("+ Drink" here, or on Home, which opens this screen with it).
    public var isPickingDrink: Bool
    public var isConfirmingEnd = false
    /// Set once the session has ended, for the view to show its summary.
    public private(set) var endedSession: SessionSnapshot?

    @ObservationIgnored private let actions: any SessionActions

    /// The screen refreshes whenever the store changes anywhere (a widget, the watch, a
    /// notification, another process, a pull), from the state the change left.
    public init(actions: any SessionActions, pickingDrink: Bool = false) {
        self.actions = actions
        undo = UndoController(actions: actions)
        isPickingDrink = pickingDrink
        actions.screenUpdates.observe { [weak self] change in
            guard let self else { return false }
            await self.storeChanged(change)
            return true
        }
    }

    // MARK: What the screen shows

    public var gauge: GaugeDisplay {
        GaugeDisplay(state: update?.state ?? .empty, settings: settings)
    }

    public var drinkCount: Int { update?.state.totalAlcoholCount ?? 0 }
    public var waterCount: Int { update?.state.totalWaterCount ?? 0 }

    /// "2 of 4 planned" beside the Waterline; nil with no plan.
    public var planText: String? {
        update.flatMap { PlanProgress(planned: $0.session.plannedDrinks, had: $0.state.totalStandardDrinks)?.text }
    }

    /// The session's plan; nil with none.
    public var plannedDrinks: Int? { update?.session.plannedDrinks }

    /// The plan changed during the session (nil: no plan any more).
    public func planChanged(to drinks: Int?) async {
        await perform { _ = try await actions.send(.setPlan(drinks: drinks)) }
    }

    /// The plan's stepper on the session's screen: up from no plan starts one at 4, then one more up
    /// to 30; down from 1 is no plan again.
    public func planStepped(up: Bool) async {
        let upper = Int(Limits.plannedDrinks.upper)
        let next: Int? = switch (plannedDrinks, up) {
        case (nil, true): 4
        case (nil, false): nil
        case (let planned?, true): min(planned + 1, upper)
        case (let planned?, false): planned > 1 ? planned - 1 : nil
        }
        await planChanged(to: next)
    }

    /// "Water due in: 2 drinks" / "Water due now".
    public var waterDueText: String {
        WaterlineFormat.waterDue(inDrinks: update?.drinksUntilWaterDue ?? settings.waterEveryNDrinks)
    }

    /// When the next time reminder fires, for "Next reminder: h:mm" and its countdown.
    public var nextReminderDate: Date? { update?.reminders.nextReminderDate }

    /// The timeline, newest first.
    public var timeline: [LogEntry] { (update?.logs ?? []).reversed() }

    /// "Beer · 12 oz · 1 std" in the person's units.
    public func title(for log: LogEntry) -> String {
        LogDescription.title(for: log, units: settings.units)
    }

    /// The session's last drink, which "Same again" logs once more at a tap; nil before the first.
    public var lastDrink: LogEntry? { update?.logs.last { $0.type == .alcohol && $0.alcoholMeta != nil } }

    /// "Beer · 16 oz · 1.33 std" under "Same again"; nil with no drink yet.
    public var sameAgainTitle: String? { lastDrink.map(title(for:)) }

    /// What VoiceOver reads for "Same again": the drink it logs.
    public var sameAgainAccessibilityLabel: String? {
        sameAgainTitle.map { KitText.string(KitStrings.sameAgainAccessibility, .text($0)) }
    }

    /// Where an edited log's time may go: from the session's start to now.
    public var editWindow: LogTimeWindow? {
        update.map { LogTimeWindow(session: $0.session, now: actions.reader.now()) }
    }

    // MARK: What the person did

    /// The screen appeared, or the app became active again.
    public func appeared() async {
        await perform { show(try await actions.reader.currentState()) }
    }

    /// The store changed: show the new counts; a session ended elsewhere (the watch, Siri, another
    /// device) opens its summary.
    public func storeChanged(_ change: StoreChange) async {
        let shown = update?.session.id
        show(change.state)
        guard update == nil, endedSession == nil, let shown else { return }
        if let snapshot = change.session, snapshot.session.id == shown {
            if !snapshot.session.isActive { showEnded(snapshot) }
            return
        }
        await perform {
            let ended = try await actions.reader.session(id: shown)
            if !ended.session.isActive { showEnded(ended) }
        }
    }

    public func waterButtonTapped() async {
        await log(.logWater(source: .phone))
    }

    public func drinkButtonTapped() {
        isPickingDrink = true
    }

    public func presetChipTapped(_ preset: DrinkPreset) async {
        await log(.logDrink(.preset(preset.id), source: .phone))
    }

    /// "Same again": the session's last drink as it was (type, size, ABV, estimate, preset), now.
    public func sameAgainTapped() async {
        guard let meta = lastDrink?.alcoholMeta else { return }
        await log(.logDrink(.custom(meta), source: .phone))
    }

    /// The picker for "+ Drink": the session's window, in the person's units; nil with no session.
    public func drinkPicker(calendar: Calendar = .current) -> DrinkPickerModel? {
        editWindow.map { DrinkPickerModel(units: settings.units, window: $0, calendar: calendar) }
    }

    /// "Log" in the picker: the drink as the person left it (a catalog size, or its size, ABV,
    /// estimate and time as it was).
    public func drinkPicked(_ picker: DrinkPickerModel) async {
        isPickingDrink = false
        await log(picker.action())
    }

    public func undoTapped() async {
        await perform { try await undo.undo() }
    }

    public func logSwipedToDelete(_ log: LogEntry) async {
        undo.clear(ifFor: log.id)
        await perform { try await actions.send(.deleteLog(id: log.id)) }
    }

    public func logEdited(_ log: LogEntry) async {
        await perform { try await actions.send(.editLog(log)) }
    }

    public func endSessionButtonTapped() {
        isConfirmingEnd = true
    }

    public func endSessionConfirmed() async {
        isConfirmingEnd = false
        undo.clear()
        await perform {
            if let ended = try await actions.send(.endSession()).session { showEnded(ended) }
        }
    }

    public func errorDismissed() {
        errorMessage = nil
    }

    /// The summary's "Done": the ended session is no longer shown.
    public func summaryClosed() {
        endedSession = nil
    }

    // MARK: Plumbing

    private func show(_ state: DeviceState) {
        settings = state.settings
        presets = state.presets
        update = state.active
    }

    private func showEnded(_ snapshot: SessionSnapshot) {
        undo.clear()
        endedSession = snapshot
        update = nil
    }

    private func log(_ action: SessionAction) async {
        await perform {
            // The screen already shows the state the log left (through the change feed); the
            // offer is taken from the action's own result.
            let result = try await actions.send(action)
            undo.offer(after: result)
        }
    }

    private func perform(_ body: () async throws -> Void) async {
        errorMessage = await ScreenMessage.attempt(body)
    }
}
