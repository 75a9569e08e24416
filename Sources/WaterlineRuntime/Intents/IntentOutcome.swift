import WaterlineCore

/// What an intent answers: the sentence Siri or the system shows, and what the action did.
public struct IntentOutcome: Hashable, Sendable {
    public var dialog: String
    public var result: ActionResult?

    public init(dialog: String, result: ActionResult? = nil) {
        self.dialog = dialog
        self.result = result
    }
}
