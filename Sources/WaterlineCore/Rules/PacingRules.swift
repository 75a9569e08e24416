/// The per-drink and warning rules: when a water break is due and what to say right after a log.
public struct PacingRules: Hashable, Sendable {
    public var waterEveryNDrinks: Int
    public var engine: WaterlineEngine

    public init(settings: UserSettings) {
        self.waterEveryNDrinks = settings.waterEveryNDrinks
        self.engine = WaterlineEngine(settings: settings)
    }

    /// A water break is due while N or more drinks stand since the last water.
    public func isWaterBreakDue(_ state: WaterlineState) -> Bool {
        state.alcoholCountSinceLastWater >= waterEveryNDrinks
    }

    /// How many more drinks until a water break is due; 0 means it is due now.
    public func drinksUntilWaterDue(_ state: WaterlineState) -> Int {
        max(0, waterEveryNDrinks - state.alcoholCountSinceLastWater)
    }

    /// Whether the warning turned on between `before` and `after` (an upward crossing).
    public static func crossedWarningUpward(from before: WaterlineState, to after: WaterlineState) -> Bool {
        !before.isWarning && after.isWarning
    }

    /// Whether the drinks so far reached the session's plan between `before` and `after` (upward).
    public static func reachedPlan(_ planned: Int?, from before: WaterlineState, to after: WaterlineState) -> Bool {
        guard let planned else { return false }
        return before.totalStandardDrinks < Double(planned) && after.totalStandardDrinks >= Double(planned)
    }

    /// The nudge to fire at once after a new log, if any. One log fires at most one nudge: the
    /// drink that reaches the session's plan says so (once: only that drink crosses it, and it
    /// suggests water too), and a crossing of the warning (which already asks for water) takes
    /// the place of the per-drink reminder.
    public func nudge(after log: LogEntry, from before: WaterlineState, to after: WaterlineState, plannedDrinks: Int? = nil) -> ReminderKind? {
        guard log.type == .alcohol, log.deletedAt == nil else { return nil }
        if Self.reachedPlan(plannedDrinks, from: before, to: after) { return .planReached }
        if Self.crossedWarningUpward(from: before, to: after) { return .pacingWarning }
        if isWaterBreakDue(after) { return .perDrink }
        return nil
    }
}
