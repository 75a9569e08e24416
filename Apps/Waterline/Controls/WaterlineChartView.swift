import Charts
import SwiftUI
import WaterlineCore
import WaterlineDesign
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// The session as a chart: the Waterline as a stepped line (it moves at each log), each water as a
/// mark, the warning band from the threshold up. Every number comes from `WaterlineChart`.
struct WaterlineChartView: View {
    let chart: WaterlineChart

    var body: some View {
        Chart {
            RectangleMark(
                xStart: .value("Start", chart.timeRange.lowerBound),
                xEnd: .value("End", chart.timeRange.upperBound),
                yStart: .value("Warning from", chart.threshold),
                yEnd: .value("Top", chart.valueRange.upperBound)
            )
            .foregroundStyle(Palette.warning.opacity(0.12))
            RuleMark(y: .value("Centre", 0))
                .foregroundStyle(Palette.centerLine.opacity(0.6))
                .lineStyle(StrokeStyle(lineWidth: Metrics.hairline, dash: Metrics.referenceDash))
            ForEach(chart.points) { point in
                LineMark(x: .value("Time", point.time), y: .value("Waterline", point.value))
                    .interpolationMethod(.stepEnd)
                    .foregroundStyle(Palette.calm)
            }
            ForEach(chart.waters) { point in
                PointMark(x: .value("Time", point.time), y: .value("Waterline", point.value))
                    .symbol(.circle)
                    .symbolSize(50)
                    .foregroundStyle(Palette.calm)
            }
        }
        .chartXScale(domain: chart.timeRange)
        .chartYScale(domain: chart.valueRange)
        .frame(minHeight: Metrics.chartMinimumHeight)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text(verbatim: KitText.string(KitStrings.chartTitle)))
        .accessibilityValue(Text(verbatim: chart.accessibilitySummary))
        // VoiceOver's audio graph: the session played as tones, the drinks and waters as points.
        .accessibilityChartDescriptor(WaterlineAudioGraph(graph: ChartAudioGraph(chart)))
    }
}

#Preview("A session with a warning") {
    let start = Date(timeIntervalSince1970: 1_795_291_200)
    let session = Session(id: UUID(), userId: UUID(), startTime: start, endTime: start.addingTimeInterval(3 * 3600), isActive: false)
    let beer = AlcoholMeta(drinkType: .beer, sizeOz: 12, abv: 5, standardDrinkEstimate: 1)
    let logs = [
        LogEntry.alcohol(id: UUID(), sessionId: session.id, at: start.addingTimeInterval(600), beer),
        LogEntry.alcohol(id: UUID(), sessionId: session.id, at: start.addingTimeInterval(2400), beer),
        LogEntry.water(id: UUID(), sessionId: session.id, at: start.addingTimeInterval(4200), amountOz: 8),
        LogEntry.alcohol(id: UUID(), sessionId: session.id, at: start.addingTimeInterval(6000), beer),
    ]
    return WaterlineChartView(chart: WaterlineChart(session: session, logs: logs, settings: UserSettings(warningThreshold: 2), now: start))
        .padding()
}
