import Foundation

/// The session as a chart, computed from the same replay as the engine; the Summary's Swift
/// Charts view only draws it: the line through `points` (a step after each log), a mark for each
/// of `waters`, the warning band from `threshold` up, over `timeRange` and `valueRange`.
public struct WaterlineChart: Hashable, Sendable {
    public var points: [WaterlinePoint]
    public var threshold: Double
    public var timeRange: ClosedRange<Date>
    /// Room for every point and the threshold, with a little margin, always including 0 (centre).
    public var valueRange: ClosedRange<Double>

    static let startId = UUID(uuidString: "00000000-0000-4000-8000-0000000005A1")!
    static let endId = UUID(uuidString: "00000000-0000-4000-8000-0000000005A2")!

    /// The chart of `session` with its `logs` (tombstones are left out; order does not matter),
    /// ending at the session's end, or at `now` while it runs.
    public init(session: Session, logs: [LogEntry], settings: UserSettings, now: Date) {
        let engine = WaterlineEngine(settings: settings)
        let start = session.startTime
        let end = max(session.endTime ?? now, start)
        var points = [WaterlinePoint(id: Self.startId, time: start, value: 0, event: .start, isWarning: engine.isWarning(0))]
        for step in engine.replay(logs.filter { $0.sessionId == session.id }) {
            points.append(WaterlinePoint(
                id: step.log.id, time: step.log.timestamp, value: step.state.waterlineValue,
                event: step.log.type == .water ? .water : .drink, isWarning: step.state.isWarning
            ))
        }
        let last = points[points.count - 1]
        points.append(WaterlinePoint(id: Self.endId, time: max(end, last.time), value: last.value, event: .end, isWarning: last.isWarning))
        self.points = points
        threshold = Double(settings.warningThreshold)
        timeRange = start...max(end, last.time)
        let values = points.map(\.value) + [threshold, 0]
        valueRange = ((values.min() ?? 0) - 1)...((values.max() ?? 0) + 1)
    }

    /// The waters, for their marks.
    public var waters: [WaterlinePoint] { points.filter { $0.event == .water } }

    /// The highest point of the session.
    public var peak: WaterlinePoint? { points.max { $0.value < $1.value } }

    /// What VoiceOver reads for the whole chart: calm, factual.
    public var accessibilitySummary: String {
        let drinks = points.count { $0.event == .drink }
        return KitText.string(
            KitStrings.chartSummary, .text(KitText.string(KitStrings.drinkCount, .int(drinks))),
            .text(KitText.string(KitStrings.waterCount, .int(waters.count))),
            .text(WaterlineFormat.value(peak?.value ?? 0)), .text(WaterlineFormat.value(points.last?.value ?? 0))
        )
    }

}
