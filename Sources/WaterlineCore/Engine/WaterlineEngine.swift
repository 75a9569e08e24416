import Foundation

/// The only source of the Waterline: replays a session's logs in order and derives the state.
public struct WaterlineEngine: Hashable, Sendable {
    public var warningThreshold: Int

    public init(warningThreshold: Int = UserSettings().warningThreshold) {
        self.warningThreshold = warningThreshold
    }

    public init(settings: UserSettings) {
        self.init(warningThreshold: settings.warningThreshold)
    }

    /// The state after every live (not deleted) log, replayed by timestamp, ties by id.
    public func computeState(from logs: [LogEntry]) -> WaterlineState {
        Self.fold(logs, into: WaterlineState.empty) { state, log in apply(log, to: &state) }
    }

    /// `computeState(from:)` with the threshold taken from `settings`.
    public static func computeState(from logs: [LogEntry], settings: UserSettings) -> WaterlineState {
        WaterlineEngine(settings: settings).computeState(from: logs)
    }

    /// The state after each live log in replay order, paired with that log.
    public func replay(_ logs: [LogEntry]) -> [(log: LogEntry, state: WaterlineState)] {
        Self.fold(logs, into: (state: WaterlineState.empty, steps: [(log: LogEntry, state: WaterlineState)]())) { result, log in
            apply(log, to: &result.state)
            result.steps.append((log, result.state))
        }.steps
    }

    /// Whether `value`, as every surface shows it (`WaterlineFormat.rounded`), is at or above the
    /// threshold: what is shown and what is compared never disagree, and sums of fractional
    /// estimates a hair under a whole number (0.6 + 0.7 + 0.7) still reach it.
    public func isWarning(_ value: Double) -> Bool {
        WaterlineFormat.rounded(value) >= Double(warningThreshold)
    }

    func apply(_ log: LogEntry, to state: inout WaterlineState) {
        switch log.type {
        case .alcohol:
            let estimate = log.standardDrinks
            state.waterlineValue += estimate
            state.totalStandardDrinks += estimate
            state.totalAlcoholCount += 1
            state.alcoholCountSinceLastWater += 1
        case .water:
            state.waterlineValue -= 1
            state.totalWaterCount += 1
            state.alcoholCountSinceLastWater = 0
        }
        state.isWarning = isWarning(state.waterlineValue)
    }

    /// Folds the live logs in replay order into `initial`. Stores hand logs over already sorted,
    /// so the fold checks the order as it goes (one pass over memory); only when it meets an
    /// out-of-order pair does it start again from `initial` over a sorted copy.
    static func fold<State>(_ logs: [LogEntry], into initial: State, _ step: (inout State, LogEntry) -> Void) -> State {
        var state = initial
        for index in logs.indices {
            if index > logs.startIndex, !isOrderedBefore(logs[index - 1], logs[index]) {
                state = initial
                for log in logs.sorted(by: isOrderedBefore) where log.deletedAt == nil { step(&state, log) }
                return state
            }
            if logs[index].deletedAt == nil { step(&state, logs[index]) }
        }
        return state
    }

    /// Whether `a` replays before `b`: earlier timestamp first, ties broken by id.
    public static func isOrderedBefore(_ a: LogEntry, _ b: LogEntry) -> Bool {
        if a.timestamp != b.timestamp { return a.timestamp < b.timestamp }
        return a.id.isOrderedBefore(b.id)
    }
}
