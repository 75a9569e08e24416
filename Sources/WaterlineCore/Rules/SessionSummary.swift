import Foundation

/// What a session came to: totals, duration, the Waterline's end and range, and adherence.
public struct SessionSummary: Codable, Hashable, Sendable {
    public var totalAlcoholCount: Int
    public var totalStandardDrinks: Double
    public var totalWaterCount: Int
    public var totalWaterOz: Double
    public var durationSeconds: Double
    public var finalWaterline: Double
    /// The highest and lowest the Waterline stood, counting the centre it started from.
    public var peakWaterline: Double
    public var lowestWaterline: Double
    public var adherence: PacingAdherence
    /// The N the session was paced by, so a later edit scores the session by its own rule, not by
    /// today's settings; nil in summaries written before it was kept.
    public var waterEveryNDrinks: Int?

    public init(
        totalAlcoholCount: Int, totalStandardDrinks: Double, totalWaterCount: Int, totalWaterOz: Double,
        durationSeconds: Double, finalWaterline: Double, peakWaterline: Double, lowestWaterline: Double,
        adherence: PacingAdherence, waterEveryNDrinks: Int? = nil
    ) {
        self.totalAlcoholCount = totalAlcoholCount
        self.totalStandardDrinks = totalStandardDrinks
        self.totalWaterCount = totalWaterCount
        self.totalWaterOz = totalWaterOz
        self.durationSeconds = durationSeconds
        self.finalWaterline = finalWaterline
        self.peakWaterline = peakWaterline
        self.lowestWaterline = lowestWaterline
        self.adherence = adherence
        self.waterEveryNDrinks = waterEveryNDrinks
    }

    /// The summary of `logs` for a session that ran from `startTime` to `endTime`, paced by
    /// `settings`' N.
    public init(startTime: Date, endTime: Date, logs: [LogEntry], settings: UserSettings) {
        let engine = WaterlineEngine(settings: settings)
        let walk = WaterlineEngine.fold(logs, into: (state: WaterlineState.empty, peak: 0.0, lowest: 0.0, waterOz: 0.0)) { walk, log in
            engine.apply(log, to: &walk.state)
            walk.peak = max(walk.peak, walk.state.waterlineValue)
            walk.lowest = min(walk.lowest, walk.state.waterlineValue)
            walk.waterOz += log.waterMeta?.amountOz ?? 0
        }
        let state = walk.state
        self.init(
            totalAlcoholCount: state.totalAlcoholCount,
            totalStandardDrinks: state.totalStandardDrinks,
            totalWaterCount: state.totalWaterCount,
            totalWaterOz: walk.waterOz,
            durationSeconds: max(0, endTime.timeIntervalSince(startTime)),
            finalWaterline: state.waterlineValue,
            peakWaterline: walk.peak,
            lowestWaterline: walk.lowest,
            adherence: PacingAdherence.compute(logs: logs, waterEveryNDrinks: settings.waterEveryNDrinks),
            waterEveryNDrinks: settings.waterEveryNDrinks
        )
    }
}

extension SessionSummary {
    /// Throws when a summary (as another device or the backend sends it) cannot describe a session.
    public func validate() throws(ValidationError) {
        try Limits.summaryCount.check(Double(totalAlcoholCount), field: "computedSummary.totalAlcoholCount")
        try Limits.summaryCount.check(Double(totalWaterCount), field: "computedSummary.totalWaterCount")
        let standardDrinks = Limit(lower: 0, upper: Limits.summaryCount.upper * Limits.standardDrinkEstimate.upper)
        try standardDrinks.check(totalStandardDrinks, field: "computedSummary.totalStandardDrinks")
        try Limit(lower: 0, upper: Limits.summaryCount.upper * Limits.waterAmountOz.upper, unit: "oz")
            .check(totalWaterOz, field: "computedSummary.totalWaterOz")
        try Limit(lower: 0, upper: Limits.timestamp.upper - Limits.timestamp.lower, unit: "seconds")
            .check(durationSeconds, field: "computedSummary.durationSeconds")
        let waterline = Limit(lower: -Limits.summaryCount.upper, upper: standardDrinks.upper)
        try waterline.check(finalWaterline, field: "computedSummary.finalWaterline")
        try waterline.check(peakWaterline, field: "computedSummary.peakWaterline")
        try waterline.check(lowestWaterline, field: "computedSummary.lowestWaterline")
        guard lowestWaterline <= finalWaterline, finalWaterline <= peakWaterline else {
            throw .unexpected(field: "computedSummary", reason: "the final Waterline must lie between the lowest and the peak")
        }
        try Limits.summaryCount.check(Double(adherence.breaksDue), field: "computedSummary.adherence.breaksDue")
        if let waterEveryNDrinks {
            try Limits.waterEveryNDrinks.check(Double(waterEveryNDrinks), field: "computedSummary.waterEveryNDrinks")
        }
        guard adherence.breaksKept >= 0, adherence.breaksKept <= adherence.breaksDue else {
            throw .unexpected(field: "computedSummary.adherence.breaksKept", reason: "between 0 and breaksDue")
        }
    }
}
