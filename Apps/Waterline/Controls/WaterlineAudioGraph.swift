import Accessibility
import WaterlineCore

/// The session's chart as VoiceOver's audio graph: the Waterline as a line over the session, the
/// drinks and the waters as points, each axis read in the app's words. Every value and word is
/// `ChartAudioGraph`'s; this only hands them to Accessibility.
struct WaterlineAudioGraph: AXChartDescriptorRepresentable {
    let graph: ChartAudioGraph

    func makeChartDescriptor() -> AXChartDescriptor {
        let graph = graph
        // VoiceOver asks for these as it plays the graph: `@Sendable`, so no actor is assumed.
        let time = AXNumericDataAxisDescriptor(
            title: graph.timeAxisTitle, range: graph.timeRange, gridlinePositions: [],
            valueDescriptionProvider: { @Sendable seconds in graph.timeLabel(seconds) }
        )
        let waterline = AXNumericDataAxisDescriptor(
            title: graph.valueAxisTitle, range: graph.valueRange, gridlinePositions: [0, graph.threshold],
            valueDescriptionProvider: { @Sendable value in graph.valueLabel(value) }
        )
        let series = graph.series.map { series in
            AXDataSeriesDescriptor(
                name: series.name, isContinuous: series.isContinuous,
                dataPoints: series.points.map { AXDataPoint(x: $0.time, y: $0.value) }
            )
        }
        return AXChartDescriptor(title: graph.title, summary: graph.summary, xAxis: time, yAxis: waterline, additionalAxes: [], series: series)
    }
}
