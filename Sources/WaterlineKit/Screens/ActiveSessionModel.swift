import Foundation
import Observation

/// The Active Session screen: the gauge, counts, reminders, quick logging, the timeline,
/// undo, and ending the session. Methods are named for what the person did.
@Observable
@MainActor
public final class ActiveSessionModel {
    public private(set) var update: SessionUpdate?
    public private(set) var settings = UserSettings()
    public private(set) var presets: [DrinkPreset] = []
    public private(set) var undoOffer: UndoOffer?
    /// A calm message after something could not be done; nil when all is well.
    public private(set) var errorMessage: String?
    public var isPickingDrink = false
    public var isConfirmingEnd = false
    /// Set once the session has ended, for the view to show its summary.
    public private(set) var endedSession: SessionUpdate?

    private let service: SessionService
    private let effects: any SessionEffectHandler
    private let now: @Sendable () -> Date

    /// - Parameter changes: the runtime's feed; the screen refreshes when the store changes
    ///   anywhere (a widget, the watch, a notification, another process).
    public init(
        service: SessionService, effects: any SessionEffectHandler, changes: StoreChangeFeed? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.service = service
        self.effects = effects
        self.now = now
        changes?.observe { [weak self] in
            guard let self else { return false }
            await self.storeChanged()
            return true
        }
    }

    // MARK: What the screen shows

    public var gauge: GaugeDisplay {
        GaugeDisplay(state: update?.state ?? .empty, settings: settings)
    }

    public var drinkCount: Int { update?.state.totalAlcoholCount ?? 0 }
    public var waterCount: Int { update?.state.totalWaterCount ?? 0 }

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

    // MARK: What the person did

    /// The screen appeared, or the app became active again.
    public func appeared() async {
        await perform {
            settings = try await service.settings()
            presets = try await service.presets()
            update = try await service.activeSession()
        }
    }

    /// The store changed outside this screen: show the new counts; a session ended elsewhere
    /// (the watch, Siri) opens its summary.
    public func storeChanged() async {
        let shown = update?.session.id
        await appeared()
        guard update == nil, endedSession == nil, let shown else { return }
        await perform {
            let ended = try await service.session(id: shown)
            if !ended.session.isActive {
                undoOffer = nil
                endedSession = ended
            }
        }
    }

    public func waterButtonTapped() async {
        await log { try await self.service.logWater(source: .phone) }
    }

    public func drinkButtonTapped() {
        isPickingDrink = true
    }

    public func presetChipTapped(_ preset: DrinkPreset) async {
        await log { try await self.service.logDrink(.preset(preset.id), source: .phone) }
    }

    /// The person chose a size in the picker, perhaps after editing its estimate.
    public func drinkPicked(_ size: DrinkSize, estimate: Double?) async {
        isPickingDrink = false
        await log { try await self.service.logDrink(.size(size, estimate: estimate), source: .phone) }
    }

    public func undoTapped() async {
        guard let offer = undoOffer, offer.expiresAt > now() else {
            undoOffer = nil
            return
        }
        undoOffer = nil
        await apply { try await self.service.deleteLog(id: offer.log.id) }
    }

    /// The banner's time ran out (the view calls this when its timer fires).
    public func undoOfferExpired() {
        if let offer = undoOffer, offer.expiresAt <= now() { undoOffer = nil }
    }

    public func logSwipedToDelete(_ log: LogEntry) async {
        if undoOffer?.log.id == log.id { undoOffer = nil }
        await apply { try await self.service.deleteLog(id: log.id) }
    }

    public func logEdited(_ log: LogEntry) async {
        await apply { try await self.service.editLog(log) }
    }

    public func endSessionButtonTapped() {
        isConfirmingEnd = true
    }

    public func endSessionConfirmed() async {
        isConfirmingEnd = false
        undoOffer = nil
        await perform {
            let ended = try await service.endSession()
            await effects.perform(ended.effects)
            endedSession = ended
            update = nil
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

    private func log(_ action: @escaping @Sendable () async throws -> SessionUpdate) async {
        // The logged entry is taken from the action's own result: the effects may refresh
        // `update` from the store, which no longer names the change.
        if let log = await apply(action)?.changedLog, log.deletedAt == nil {
            undoOffer = UndoOffer(log: log, offeredAt: now())
        }
    }

    @discardableResult
    private func apply(_ action: @escaping @Sendable () async throws -> SessionUpdate) async -> SessionUpdate? {
        var applied: SessionUpdate?
        await perform {
            let result = try await action()
            update = result
            applied = result
            await effects.perform(result.effects)
        }
        return applied
    }

    private func perform(_ body: () async throws -> Void) async {
        errorMessage = await ScreenMessage.attempt(body)
    }
}
