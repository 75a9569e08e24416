/// Why a notification fires.
public enum ReminderKind: String, Codable, Hashable, Sendable, CaseIterable {
    /// Every N minutes, counted from the later of session start and the last water.
    case timeBased
    /// Right after a drink, when N drinks stand since the last water.
    case perDrink
    /// Right after the drink that lifts the Waterline to the warning threshold.
    case pacingWarning
    /// Right after the drink that reaches the session's plan ("I'm planning N drinks"): once, calmly.
    case planReached
}
