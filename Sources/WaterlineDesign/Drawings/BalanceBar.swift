#if canImport(SwiftUI) && os(iOS)
import SwiftUI
import WaterlineCore

/// The widgets' Waterline: a centred horizontal bar for small spaces (`BalanceGauge`, in the
/// widget's colours), read by VoiceOver as one label.
public struct BalanceBar: View {
    let gauge: GaugeDisplay

    public init(gauge: GaugeDisplay) {
        self.gauge = gauge
    }

    public var body: some View {
        BalanceGauge(gauge: gauge, axis: .horizontal, colors: .widget)
            .frame(height: 8)
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(gauge.accessibilityLabel)
    }
}
#endif
