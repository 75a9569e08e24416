import Foundation
import WaterlineCore

/// What a widget button, the Live Activity or Siri asks for.
public enum QuickIntent: Hashable, Sendable {
    case logWater
    /// A preset by id, or the quick default (the first preset, else one standard drink).
    case logDrink(presetId: UUID?)
    case startSession
    case endSession
    /// "I'm planning N drinks tonight": the running session's plan, starting a session when none runs.
    case planSession(drinks: Int)
}
