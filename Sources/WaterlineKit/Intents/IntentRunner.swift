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
                return IntentOutcome(dialog: "Water logged. Waterline \(WaterlineFormat.signedValue(update.state.waterlineValue)).", update: update, effects: update.effects)
            case .logDrink(let presetId):
                let update = try await service.quickLog(.alcohol, presetId: presetId, source: source)
                return IntentOutcome(dialog: "Drink logged. Waterline \(WaterlineFormat.signedValue(update.state.waterlineValue)).", update: update, effects: update.effects)
            case .startSession:
                let update = try await service.startSession()
                let dialog = update.effects.isEmpty ? "A session is already running." : "Session started. Enjoy your night."
                return IntentOutcome(dialog: dialog, update: update, effects: update.effects)
            case .endSession:
                let update = try await service.endSession()
                let summary = update.session.computedSummary
                let detail = summary.map { " \($0.totalAlcoholCount) \($0.totalAlcoholCount == 1 ? "drink" : "drinks"), \($0.totalWaterCount) water." } ?? ""
                return IntentOutcome(dialog: "Session ended.\(detail)", update: update, effects: update.effects)
            }
        } catch SessionServiceError.noActiveSession {
            return IntentOutcome(dialog: "There's no session running. Start one first.")
        }
    }
}
