import Foundation
import WaterlineCore

/// Runs the quick intents through the one door, with the calm words each one answers. With no
/// session running, logging answers with a dialog rather than doing nothing silently; an unknown
/// preset is an error the system shows.
@MainActor
public struct IntentRunner {
    private let actions: any SessionActions
    /// Whether the session's Live Activity shows now (iOS starts none from the background: a session
    /// started by Siri or an extension gets it when the app next comes to the front).
    private let liveActivityShows: @MainActor (UUID) -> Bool

    public init(actions: any SessionActions, liveActivityShows: @escaping @MainActor (UUID) -> Bool = { _ in true }) {
        self.actions = actions
        self.liveActivityShows = liveActivityShows
    }

    public func run(_ intent: QuickIntent, source: LogSource) async throws -> IntentOutcome {
        let origin: ActionOrigin = switch source {
        case .widget: .widget
        case .liveActivity: .liveActivity
        case .phone, .watch: .intent
        }
        do {
            switch intent {
            case .logWater:
                let result = try await actions.send(.logWater(source: source), from: origin)
                return IntentOutcome(dialog: KitText.string(KitStrings.intentWaterLogged, .text(Self.value(of: result))), result: result)
            case .logDrink(let presetId):
                let result = try await actions.send(.logDrink(presetId.map(DrinkInput.preset) ?? .quick, source: source), from: origin)
                return IntentOutcome(dialog: Self.drinkLogged(result), result: result)
            case .startSession:
                let result = try await actions.send(.startSession, from: origin)
                guard result.changed else { return IntentOutcome(dialog: KitText.string(KitStrings.intentAlreadyRunning), result: result) }
                // Said where the session will show, when it does not yet.
                let shows = result.session.map { liveActivityShows($0.session.id) } ?? true
                return IntentOutcome(dialog: KitText.string(shows ? KitStrings.intentStarted : KitStrings.intentStartedOpenApp), result: result)
            case .planSession(let drinks):
                // Tonight's session: the running one, or one started now (a session gone quiet is
                // over, as for any log), then its plan; 1 to 30 drinks, as everywhere, checked
                // before anything starts.
                do throws(ValidationError) {
                    try Limits.plannedDrinks.check(Double(drinks), field: "plannedDrinks")
                } catch {
                    throw SessionServiceError.invalid(error)
                }
                let started = try await actions.send(.startSession, from: origin)
                let result = try await actions.send(.setPlan(drinks: drinks), from: origin)
                return IntentOutcome(
                    dialog: KitText.string(started.changed ? KitStrings.intentPlanStarted : KitStrings.intentPlanSet, .int(drinks)), result: result
                )
            case .endSession:
                let result = try await actions.send(.endSession(), from: origin)
                let dialog = result.session?.session.computedSummary.map {
                    KitText.string(KitStrings.intentEndedCounts, .text(KitText.string(KitStrings.drinkCount, .int($0.totalAlcoholCount))),
                                   .text(KitText.string(KitStrings.waterCount, .int($0.totalWaterCount))))
                } ?? KitText.string(KitStrings.intentEnded)
                return IntentOutcome(dialog: dialog, result: result)
            }
        } catch SessionServiceError.noActiveSession {
            return IntentOutcome(dialog: KitText.string(KitStrings.intentNoSession))
        }
    }

    /// Siri's answer to `question` about `state` at `now`, in the app's words: the Waterline as
    /// VoiceOver says it ("plus 3, above your threshold", and the calm instruction then), or
    /// when water comes next (due now; after so many drinks; and the timer's reminder, when one
    /// is planned). A session gone quiet, or none, is said kindly.
    public static func answer(_ question: IntentQuestion, state: DeviceState, now: Date) -> IntentAnswer {
        guard let snapshot = state.live(at: now).active else { return IntentAnswer(dialog: KitText.string(KitStrings.siriNoSession)) }
        let gauge = GaugeDisplay(state: snapshot.state, settings: state.settings)
        switch question {
        case .waterline:
            let line = KitText.string(KitStrings.siriWaterline, .text(gauge.spokenValue))
            return IntentAnswer(dialog: [line, gauge.warningText.map { $0 + "." }].compactMap { $0 }.joined(separator: " "), gauge: gauge)
        case .nextWater:
            guard snapshot.drinksUntilWaterDue > 0 else { return IntentAnswer(dialog: KitText.string(KitStrings.siriWaterDueNow), gauge: gauge) }
            var lines = [KitText.string(KitStrings.siriWaterAfterDrinks, .int(snapshot.drinksUntilWaterDue))]
            if let timer = snapshot.reminders.requests.first(where: { $0.kind == .timeBased && $0.fireDate > now }) {
                lines.append(KitText.string(KitStrings.siriReminderIn, .text(WaterlineFormat.duration(timer.fireDate.timeIntervalSince(now)))))
            }
            return IntentAnswer(dialog: lines.joined(separator: " "), gauge: gauge)
        }
    }

    /// "Beer logged. Waterline +1.": the answer names the preset the drink came from.
    private static func drinkLogged(_ result: ActionResult) -> String {
        let presetId = result.changedLog?.alcoholMeta?.presetId
        guard let name = result.state.presets.first(where: { $0.id == presetId })?.shownName else {
            return KitText.string(KitStrings.intentDrinkLogged, .text(value(of: result)))
        }
        return KitText.string(KitStrings.intentNamedDrinkLogged, .text(name), .text(value(of: result)))
    }

    private static func value(of result: ActionResult) -> String {
        WaterlineFormat.signedValue(result.session?.state.waterlineValue ?? 0)
    }
}
