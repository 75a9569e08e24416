import SwiftUI
import WaterlineCore
import WaterlineSystem

/// The Waterline as a centred horizontal bar for small spaces (`BalanceGauge`, in the phone's
/// colours), read by VoiceOver as one label.
struct BalanceBar: View {
    let gauge: GaugeDisplay

    var body: some View {
        BalanceGauge(
            gauge: gauge, axis: .horizontal,
            colors: GaugeColors(calm: Palette.calm, warning: Palette.warning, track: Color.secondary.opacity(0.2), center: Color.primary.opacity(0.6))
        )
        .frame(height: 8)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(gauge.accessibilityLabel)
    }
}
