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

    public init(
        totalAlcoholCount: Int, totalStandardDrinks: Double, totalWaterCount: Int, totalWaterOz: Double,
        durationSeconds: Double, finalWaterline: Double, peakWaterline: Double, lowestWaterline: Double,
        adherence: PacingAdherence
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
    }

    /// The summary of `logs` for a session that ran from `startTime` to `endTime`.
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
            adherence: PacingAdherence.compute(logs: logs, waterEveryNDrinks: settings.waterEveryNDrinks)
        )
    }
}
