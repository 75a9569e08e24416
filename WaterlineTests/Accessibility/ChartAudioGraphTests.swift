import Foundation
import Testing
@testable import WaterlineCore

/// What VoiceOver plays and says of the session: the chart as an audio graph, the gauge as an
/// adjustable element reads.
@Suite("VoiceOver: the audio graph and the gauge")
struct ChartAudioGraphTests {
    let start = Date(timeIntervalSince1970: 1_795_291_200)

    func chart() -> WaterlineChart {
        let session = Session(id: UUID(), userId: UUID(), startTime: start, endTime: start.addingTimeInterval(3 * 3600), isActive: false)
        let beer = AlcoholMeta(drinkType: .beer, sizeOz: 12, abv: 5, standardDrinkEstimate: 1)
        let logs = [
            LogEntry.alcohol(id: UUID(), sessionId: session.id, at: start.addingTimeInterval(600), beer),
            LogEntry.alcohol(id: UUID(), sessionId: session.id, at: start.addingTimeInterval(1_800), beer),
            LogEntry.alcohol(id: UUID(), sessionId: session.id, at: start.addingTimeInterval(2_400), beer),
            LogEntry.water(id: UUID(), sessionId: session.id, at: start.addingTimeInterval(4_200), amountOz: 8),
        ]
        return WaterlineChart(session: session, logs: logs, settings: UserSettings(warningThreshold: 2), now: start)
    }

    @Test("the Waterline is a line over the whole session; the drinks and the waters are its points; the axes span what the chart draws")
    func series() {
        let chart = chart()
        let graph = ChartAudioGraph(chart)
        #expect(graph.title == "The Waterline over the session")
        #expect(graph.summary == chart.accessibilitySummary)
        #expect(graph.series.map(\.name) == ["Waterline", "Drinks", "Water"])
        #expect(graph.series.map(\.isContinuous) == [true, false, false])
        let line = graph.series[0].points
        #expect(line.map(\.value) == [0, 1, 2, 3, 2, 2], "start, three drinks, a water, the end")
        #expect(line.first?.time == start.timeIntervalSince1970 && line.last?.time == start.timeIntervalSince1970 + 3 * 3600)
        #expect(graph.series[1].points.map(\.value) == [1, 2, 3])
        #expect(graph.series[2].points.map(\.time) == [start.timeIntervalSince1970 + 4_200])
        #expect(graph.timeRange == start.timeIntervalSince1970...(start.timeIntervalSince1970 + 3 * 3600))
        #expect(graph.valueRange == chart.valueRange && graph.threshold == 2)
        #expect(graph.timeAxisTitle == "Time" && graph.valueAxisTitle == "Waterline")
    }

    @Test("each axis is read in words: a clock time, and the Waterline as VoiceOver says it")
    func axisWords() {
        let graph = ChartAudioGraph(chart())
        #expect(graph.valueLabel(2) == "plus 2" && graph.valueLabel(-1.5) == "minus 1.5" && graph.valueLabel(0) == "0")
        let label = graph.timeLabel(start.timeIntervalSince1970 + 600)
        #expect(label.contains(":"), "\(label) is a clock time")
    }

    @Test("the gauge: its name, then its value and state as an adjustable element reads them", arguments: [
        (2.0, 2, true, "plus 2, above your threshold"),
        (1.0, 2, false, "plus 1, above center"),
        (0.0, 2, false, "0, at center"),
        (-1.0, 2, false, "minus 1, below center"),
        (2.5, 3, false, "plus 2.5, above center"),
    ])
    func gauge(value: Double, threshold: Int, warning: Bool, spoken: String) {
        let display = GaugeDisplay(value: value, threshold: threshold, isWarning: warning)
        #expect(display.accessibilityName == "Waterline")
        #expect(display.spokenValue == spoken)
    }
}
