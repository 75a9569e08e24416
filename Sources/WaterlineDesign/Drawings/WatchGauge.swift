#if canImport(SwiftUI) && os(watchOS)
import SwiftUI
import WaterlineCore

/// The wrist's Waterline gauge: the shared `BalanceGauge` as a slim vertical bar in the watch's
/// dark colours, scaling with the text beside it.
public struct WatchGauge: View {
    let gauge: GaugeDisplay
    @ScaledMetric(relativeTo: .title) private var height: CGFloat = 56

    public init(gauge: GaugeDisplay) {
        self.gauge = gauge
    }

    public var body: some View {
        BalanceGauge(gauge: gauge, axis: .vertical, colors: .watch)
            .frame(width: 10, height: height)
            .accessibilityHidden(true)
    }
}
#endif
