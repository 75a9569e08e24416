import SwiftUI
import WaterlineCore

/// The wrist's Waterline gauge: a slim vertical bar with its centre line ("balanced"), the level
/// drawn from the centre (up with drinks, down with water), and a tick at the warning threshold;
/// calm until the threshold, then amber. It scales with the text beside it.
struct WatchGauge: View {
    let gauge: GaugeDisplay
    @ScaledMetric(relativeTo: .title) private var height: CGFloat = 56

    var body: some View {
        GeometryReader { geometry in
            let full = geometry.size.height
            let span = gauge.span
            let center = full / 2
            // Fractions count from the bottom; the drawing's y runs from the top.
            let level = full * (1 - gauge.fraction(span: span))
            let threshold = full * (1 - gauge.thresholdFraction(span: span))
            ZStack(alignment: .top) {
                Capsule().fill(Color.white.opacity(0.15))
                Rectangle()
                    .fill(gauge.isWarning ? WatchPalette.warning : WatchPalette.calm)
                    .frame(height: abs(level - center))
                    .offset(y: min(level, center))
                Rectangle().fill(Color.white.opacity(0.7)).frame(height: 2).offset(y: center - 1)
                Rectangle().fill(WatchPalette.warning).frame(height: 2).offset(y: threshold - 1)
            }
            .clipShape(Capsule())
        }
        .frame(width: 10, height: height)
        .accessibilityHidden(true)
    }
}
