import Foundation

/// A session and its summary in one flat record, with the spec's field names: what
/// `waterline summary --json`, `sessions --json` and JSON exports print.
public struct SessionReport: Codable, Hashable, Sendable {
    public var sessionId: UUID
    public var startTime: Date
    public var endTime: Date?
    public var isActive: Bool
    public var totalAlcoholCount: Int
    public var totalStandardDrinks: Double
    public var totalWaterCount: Int
    public var totalWaterOz: Double
    public var durationSeconds: Double
    public var finalWaterline: Double
    public var peakWaterline: Double
    public var lowestWaterline: Double
    public var breaksDue: Int
    public var breaksKept: Int
    /// kept ÷ due, or null when no break was due.
    public var adherence: Double?
    /// "I'm planning N drinks"; absent when the night had no plan.
    public var plannedDrinks: Int?

    /// The report of `update`'s session: its stored summary once ended, the night so far while active.
    public init(_ update: SessionSnapshot, settings: UserSettings, now: Date) {
        let session = update.session
        let summary = session.computedSummary
            ?? SessionSummary(startTime: session.startTime, endTime: session.endTime ?? max(now, session.startTime), logs: update.logs, settings: settings)
        sessionId = session.id
        startTime = session.startTime
        endTime = session.endTime
        isActive = session.isActive
        totalAlcoholCount = summary.totalAlcoholCount
        totalStandardDrinks = summary.totalStandardDrinks
        totalWaterCount = summary.totalWaterCount
        totalWaterOz = summary.totalWaterOz
        durationSeconds = summary.durationSeconds
        finalWaterline = summary.finalWaterline
        peakWaterline = summary.peakWaterline
        lowestWaterline = summary.lowestWaterline
        breaksDue = summary.adherence.breaksDue
        breaksKept = summary.adherence.breaksKept
        adherence = summary.adherence.fraction
        plannedDrinks = session.plannedDrinks
    }

    /// "Planned 4 · had 5"; nil with no plan.
    public var plan: PlanProgress? { PlanProgress(planned: plannedDrinks, had: totalStandardDrinks) }
}
