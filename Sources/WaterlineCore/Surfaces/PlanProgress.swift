import Foundation

/// A session's plan beside what was had, as every surface words it: "2 of 4 planned" while the session
/// runs, "Planned 4 · had 5" in its summary. Standard drinks, so a double counts 2; no judgement
/// either way.
public struct PlanProgress: Hashable, Sendable {
    public var planned: Int
    /// Standard drinks had so far.
    public var had: Double

    /// Nil when the session has no plan.
    public init?(planned: Int?, had: Double) {
        guard let planned else { return nil }
        self.planned = planned
        self.had = had
    }

    /// Whether the drinks had reached the plan.
    public var isReached: Bool { had >= Double(planned) }

    /// "2 of 4 planned" (no drink word: it may show on a discreet Lock Screen).
    public var text: String {
        KitText.string(KitStrings.planProgress, .text(WaterlineFormat.value(had)), .int(planned))
    }

    /// "Planned 4 · had 5".
    public var summaryText: String {
        KitText.string(KitStrings.planSummary, .int(planned), .text(WaterlineFormat.value(had)))
    }
}
