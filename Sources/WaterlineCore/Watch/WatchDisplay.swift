/// What the watch face shows: the running session as the watch's own store has it.
public struct WatchDisplay: Hashable, Sendable {
    public var hasSession: Bool
    public var waterlineValue: Double
    public var drinks: Int
    public var water: Int
    public var isWarning: Bool
    public var warningThreshold: Int
    /// Changes made on the watch that have not reached the phone yet (shown, and read out).
    public var unsent: Int
    /// "2 of 4 planned"; nil with no plan.
    public var plan: PlanProgress?

    public init(hasSession: Bool, waterlineValue: Double, drinks: Int, water: Int, isWarning: Bool, warningThreshold: Int, unsent: Int) {
        self.hasSession = hasSession
        self.waterlineValue = waterlineValue
        self.drinks = drinks
        self.water = water
        self.isWarning = isWarning
        self.warningThreshold = warningThreshold
        self.unsent = unsent
    }

    /// What the watch shows of `state`, with `unsent` changes still on the wrist.
    public init(_ state: DeviceState?, unsent: Int) {
        let threshold = state?.settings.warningThreshold ?? UserSettings().warningThreshold
        guard let snapshot = state?.active else {
            self = .noSession
            warningThreshold = threshold
            self.unsent = unsent
            return
        }
        self.init(
            hasSession: true, waterlineValue: snapshot.state.waterlineValue, drinks: snapshot.state.totalAlcoholCount,
            water: snapshot.state.totalWaterCount, isWarning: snapshot.state.isWarning, warningThreshold: threshold, unsent: unsent
        )
        plan = PlanProgress(planned: snapshot.session.plannedDrinks, had: snapshot.state.totalStandardDrinks)
    }

    public var gauge: GaugeDisplay { GaugeDisplay(value: waterlineValue, threshold: warningThreshold, isWarning: isWarning) }

    /// What VoiceOver reads for the whole face: the gauge, the counts, the warning and anything
    /// not yet on the phone, in one sentence.
    public var accessibilityLabel: String {
        guard hasSession else { return KitText.string(KitStrings.watchNotRunning) }
        var parts = [
            gauge.accessibilityLabel,
            KitText.string(KitStrings.watchCounts, .int(drinks), .int(water)),
        ]
        if let warning = gauge.warningText { parts.append(warning) }
        if let plan { parts.append(plan.text) }
        if unsent > 0 { parts.append(KitText.string(KitStrings.watchUnsent, .int(unsent))) }
        return parts.joined(separator: ". ")
    }

    public static let noSession = WatchDisplay(
        hasSession: false, waterlineValue: 0, drinks: 0, water: 0, isWarning: false, warningThreshold: 2, unsent: 0
    )
}
