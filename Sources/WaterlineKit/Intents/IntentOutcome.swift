/// What an intent answers: the sentence Siri or the system shows, and the effects to carry out.
public struct IntentOutcome: Hashable, Sendable {
    public var dialog: String
    public var update: SessionUpdate?
    public var effects: [SessionEffect]

    public init(dialog: String, update: SessionUpdate? = nil, effects: [SessionEffect] = []) {
        self.dialog = dialog
        self.update = update
        self.effects = effects
    }
}
