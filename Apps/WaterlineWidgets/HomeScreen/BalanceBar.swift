import SwiftUI
import WaterlineCore
import WaterlineSystem

/// The Waterline as a centred horizontal bar for small spaces: the centre line is "balanced",
/// the fill runs from it toward the level (right with drinks, left with water), and a tick marks
/// the warning threshold. Zero is an empty bar with its centre line, never half full.
struct BalanceBar: View {
    let gauge: GaugeDisplay

    var body: some View {
        GeometryReader { geometry in
            let width = geometry.size.width
            let span = gauge.span
            let center = width / 2
            let level = width * gauge.fraction(span: span)
            let threshold = width * gauge.thresholdFraction(span: span)
            ZStack(alignment: .leading) {
                Capsule().fill(Color.secondary.opacity(0.2))
                Rectangle()
                    .fill(gauge.isWarning ? Palette.warning : Palette.calm)
                    .frame(width: abs(level - center))
                    .offset(x: min(level, center))
                Rectangle().fill(Color.primary.opacity(0.6)).frame(width: 2).offset(x: center - 1)
                Rectangle().fill(Palette.warning).frame(width: 2).offset(x: threshold - 1)
            }
            .clipShape(Capsule())
        }
        .frame(height: 8)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(gauge.accessibilityLabel)
    }
}
