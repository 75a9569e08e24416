/// What Siri may ask about the session, answered in one spoken line (`IntentRunner.answer`).
public enum IntentQuestion: String, Hashable, Sendable, CaseIterable {
    /// "How's my Waterline?"
    case waterline
    /// "When is my next water?"
    case nextWater
}
