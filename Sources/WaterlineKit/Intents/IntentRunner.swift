import Foundation

/// Runs the quick intents through the session service, with the calm words each one answers.
/// With no session running, logging answers with a dialog rather than doing nothing silently;
/// an unknown preset is an error the system shows.
public struct IntentRunner: Sendable {
    private let service: SessionService

    public init(service: SessionService) {
        self.service = service
    }

    public func run(_ intent: QuickIntent, source: LogSource) async throws -> IntentOutcome {
        do {
            switch intent {
            case .logWater:
                let update = try await service.quickLog(.water, source: source)
                return IntentOutcome(dialog: KitText.string(KitStrings.intentWaterLogged, .text(WaterlineFormat.signedValue(update.state.waterlineValue))), update: update, effects: update.effects)
            case .logDrink(let presetId):
                let update = try await service.quickLog(.alcohol, presetId: presetId, source: source)
                return IntentOutcome(dialog: KitText.string(KitStrings.intentDrinkLogged, .text(WaterlineFormat.signedValue(update.state.waterlineValue))), update: update, effects: update.effects)
            case .startSession:
                let update = try await service.startSession()
                let dialog = KitText.string(update.effects.isEmpty ? KitStrings.intentAlreadyRunning : KitStrings.intentStarted)
                return IntentOutcome(dialog: dialog, update: update, effects: update.effects)
            case .endSession:
                let update = try await service.endSession()
                let summary = update.session.computedSummary
                let dialog = summary.map {
                    KitText.string(KitStrings.intentEndedCounts, .text(KitText.string(KitStrings.drinkCount, .int($0.totalAlcoholCount))),
                                   .text(KitText.string(KitStrings.waterCount, .int($0.totalWaterCount))))
                } ?? KitText.string(KitStrings.intentEnded)
                return IntentOutcome(dialog: dialog, update: update, effects: update.effects)
            }
        } catch SessionServiceError.noActiveSession {
            return IntentOutcome(dialog: KitText.string(KitStrings.intentNoSession))
        }
    }
}
