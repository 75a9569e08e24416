import Foundation

/// A session and its summary in one flat record, with the spec's field names: what
/// `waterline summary --json`, `sessions --json` and JSON exports print.
///
/// The totals are the session's `SessionSummary`, held once; only the JSON is flat
/// (`totalAlcoholCount` … `breaksDue`, `breaksKept`, and `adherence` as kept ÷ due, or null when
/// no break was due).
public struct SessionReport: Codable, Hashable, Sendable {
    public var sessionId: UUID
    public var startTime: Date
    public var endTime: Date?
    public var isActive: Bool
    /// The stored summary once the session ended; the session so far while it runs.
    public var summary: SessionSummary
    /// "I'm planning N drinks"; absent when the session had no plan.
    public var plannedDrinks: Int?

    /// The report of `update`'s session: its stored summary once ended, the session so far while active.
    public init(_ update: SessionSnapshot, settings: UserSettings, now: Date) {
        let session = update.session
        sessionId = session.id
        startTime = session.startTime
        endTime = session.endTime
        isActive = session.isActive
        summary = session.computedSummary
            ?? SessionSummary(startTime: session.startTime, endTime: session.endTime ?? max(now, session.startTime), logs: update.logs, settings: settings)
        plannedDrinks = session.plannedDrinks
    }

    /// "Planned 4 · had 5"; nil with no plan.
    public var plan: PlanProgress? { PlanProgress(planned: plannedDrinks, had: summary.totalStandardDrinks) }

    private enum CodingKeys: String, CodingKey {
        case sessionId, startTime, endTime, isActive, plannedDrinks
        case totalAlcoholCount, totalStandardDrinks, totalWaterCount, totalWaterOz, durationSeconds
        case finalWaterline, peakWaterline, lowestWaterline, breaksDue, breaksKept, adherence, waterEveryNDrinks
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sessionId, forKey: .sessionId)
        try container.encode(startTime, forKey: .startTime)
        try container.encodeIfPresent(endTime, forKey: .endTime)
        try container.encode(isActive, forKey: .isActive)
        try container.encodeIfPresent(plannedDrinks, forKey: .plannedDrinks)
        try container.encode(summary.totalAlcoholCount, forKey: .totalAlcoholCount)
        try container.encode(summary.totalStandardDrinks, forKey: .totalStandardDrinks)
        try container.encode(summary.totalWaterCount, forKey: .totalWaterCount)
        try container.encode(summary.totalWaterOz, forKey: .totalWaterOz)
        try container.encode(summary.durationSeconds, forKey: .durationSeconds)
        try container.encode(summary.finalWaterline, forKey: .finalWaterline)
        try container.encode(summary.peakWaterline, forKey: .peakWaterline)
        try container.encode(summary.lowestWaterline, forKey: .lowestWaterline)
        try container.encode(summary.adherence.breaksDue, forKey: .breaksDue)
        try container.encode(summary.adherence.breaksKept, forKey: .breaksKept)
        try container.encodeIfPresent(summary.adherence.fraction, forKey: .adherence)
        try container.encodeIfPresent(summary.waterEveryNDrinks, forKey: .waterEveryNDrinks)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sessionId = try container.decode(UUID.self, forKey: .sessionId)
        startTime = try container.decode(Date.self, forKey: .startTime)
        endTime = try container.decodeIfPresent(Date.self, forKey: .endTime)
        isActive = try container.decode(Bool.self, forKey: .isActive)
        plannedDrinks = try container.decodeIfPresent(Int.self, forKey: .plannedDrinks)
        // `adherence` (the fraction) is derived from the two counts, so it is not read back.
        summary = SessionSummary(
            totalAlcoholCount: try container.decode(Int.self, forKey: .totalAlcoholCount),
            totalStandardDrinks: try container.decode(Double.self, forKey: .totalStandardDrinks),
            totalWaterCount: try container.decode(Int.self, forKey: .totalWaterCount),
            totalWaterOz: try container.decode(Double.self, forKey: .totalWaterOz),
            durationSeconds: try container.decode(Double.self, forKey: .durationSeconds),
            finalWaterline: try container.decode(Double.self, forKey: .finalWaterline),
            peakWaterline: try container.decode(Double.self, forKey: .peakWaterline),
            lowestWaterline: try container.decode(Double.self, forKey: .lowestWaterline),
            adherence: PacingAdherence(
                breaksDue: try container.decode(Int.self, forKey: .breaksDue),
                breaksKept: try container.decode(Int.self, forKey: .breaksKept)
            ),
            waterEveryNDrinks: try container.decodeIfPresent(Int.self, forKey: .waterEveryNDrinks)
        )
    }
}
