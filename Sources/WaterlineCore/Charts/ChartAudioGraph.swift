import Foundation

/// The session's chart as VoiceOver plays it (an audio graph: `AXChartDescriptor` on iOS): the
/// Waterline over the session as a continuous series, the drinks and the waters as points on it,
/// a time axis and a Waterline axis, and the words for each. Made from `WaterlineChart`, so it
/// says exactly what the chart draws.
public struct ChartAudioGraph: Hashable, Sendable {
    /// One point: seconds since 1970, and the Waterline there.
    public struct Point: Hashable, Sendable {
        public var time: Double
        public var value: Double
    }

    public struct Series: Hashable, Sendable {
        public var name: String
        /// The Waterline is a line; drinks and waters are moments on it.
        public var isContinuous: Bool
        public var points: [Point]
    }

    public var title: String
    /// What the chart shows in one sentence (the same words as the chart's summary).
    public var summary: String
    public var timeAxisTitle: String
    /// Seconds since 1970, from the session's start to its end.
    public var timeRange: ClosedRange<Double>
    public var valueAxisTitle: String
    public var valueRange: ClosedRange<Double>
    /// Where the warning starts, a gridline on the Waterline axis.
    public var threshold: Double
    public var series: [Series]

    public init(_ chart: WaterlineChart) {
        title = KitText.string(KitStrings.chartTitle)
        summary = chart.accessibilitySummary
        timeAxisTitle = KitText.string(KitStrings.chartTimeAxis)
        timeRange = chart.timeRange.lowerBound.timeIntervalSince1970...chart.timeRange.upperBound.timeIntervalSince1970
        valueAxisTitle = KitText.string(KitStrings.gaugeName)
        valueRange = chart.valueRange
        threshold = chart.threshold
        func points(_ events: Set<WaterlinePoint.Event>) -> [Point] {
            chart.points.filter { events.contains($0.event) }.map { Point(time: $0.time.timeIntervalSince1970, value: $0.value) }
        }
        series = [
            Series(name: KitText.string(KitStrings.gaugeName), isContinuous: true, points: points([.start, .drink, .water, .end])),
            Series(name: KitText.string(KitStrings.chartDrinksSeries), isContinuous: false, points: points([.drink])),
            Series(name: KitText.string(KitStrings.chartWatersSeries), isContinuous: false, points: points([.water])),
        ]
    }

    /// How a time on the axis is read: "21:30" (or "9:30 PM"), in the app's language.
    public func timeLabel(_ seconds: Double) -> String {
        Date(timeIntervalSince1970: seconds).formatted(Date.FormatStyle(date: .omitted, time: .shortened).locale(KitLanguage.locale))
    }

    /// How a Waterline value on the axis is read: "plus 2", "minus 1", "0".
    public func valueLabel(_ value: Double) -> String {
        WaterlineFormat.spoken(value)
    }
}
