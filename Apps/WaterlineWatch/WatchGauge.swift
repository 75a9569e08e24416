import SwiftUI
import WaterlineCore
import WaterlineSystem

/// The wrist's Waterline gauge: the shared `BalanceGauge` as a slim vertical bar in the watch's
/// dark colours, scaling with the text beside it.
struct WatchGauge: View {
    let gauge: GaugeDisplay
    @ScaledMetric(relativeTo: .title) private var height: CGFloat = 56

    var body: some View {
        BalanceGauge(
            gauge: gauge, axis: .vertical,
            colors: GaugeColors(calm: WatchPalette.calm, warning: WatchPalette.warning, track: Color.white.opacity(0.15), center: Color.white.opacity(0.7))
        )
        .frame(width: 10, height: height)
        .accessibilityHidden(true)
    }
}
