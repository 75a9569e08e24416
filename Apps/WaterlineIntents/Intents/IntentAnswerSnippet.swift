import SwiftUI
import WaterlineCore
import WaterlineDesign
import WaterlineRuntime

/// The small view under Siri's answer: the gauge as the app draws it, beside the answer's line;
/// the line alone with no session running.
struct IntentAnswerSnippet: View {
    let answer: IntentAnswer

    var body: some View {
        HStack(alignment: .center, spacing: Metrics.spacingM) {
            if let gauge = answer.gauge {
                WaterlineGauge(display: gauge, height: Metrics.gaugeHeightSmall)
            }
            Text(verbatim: answer.dialog)
                .font(Typography.body)
                .fixedSize(horizontal: false, vertical: true)
        }
        .padding(Metrics.spacingM)
    }
}
