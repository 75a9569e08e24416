#if canImport(SwiftUI) && (os(iOS) || os(watchOS))
import SwiftUI
import WaterlineCore

/// The Waterline drawn once for every small surface (the Home Screen widget's bar, the watch's
/// gauge): the centre line is "balanced", the fill runs from it toward the level (right or up
/// with drinks, left or down with water), and a tick marks the warning threshold; calm until
/// the threshold, then amber. Zero is an empty track with its centre line, never half full.
public struct BalanceGauge: View {
    let gauge: GaugeDisplay
    let axis: Axis
    let colors: GaugeColors

    public init(gauge: GaugeDisplay, axis: Axis, colors: GaugeColors) {
        self.gauge = gauge
        self.axis = axis
        self.colors = colors
    }

    public var body: some View {
        GeometryReader { geometry in
            let length = axis == .horizontal ? geometry.size.width : geometry.size.height
            let center = length / 2
            let level = position(of: gauge.fraction(span: gauge.span), along: length)
            let threshold = position(of: gauge.thresholdFraction(span: gauge.span), along: length)
            ZStack(alignment: axis == .horizontal ? .leading : .top) {
                Capsule().fill(colors.track)
                stripe(gauge.isWarning ? colors.warning : colors.calm, from: min(level, center), length: abs(level - center))
                stripe(colors.center, from: center - 1, length: 2)
                stripe(colors.warning, from: threshold - 1, length: 2)
            }
            .clipShape(Capsule())
        }
    }

    /// Fractions count from the empty end (the left, or the bottom); drawing runs from the left
    /// and from the top.
    private func position(of fraction: Double, along length: CGFloat) -> CGFloat {
        axis == .horizontal ? length * CGFloat(fraction) : length * CGFloat(1 - fraction)
    }

    private func stripe(_ color: Color, from start: CGFloat, length: CGFloat) -> some View {
        Rectangle()
            .fill(color)
            .frame(width: axis == .horizontal ? length : nil, height: axis == .vertical ? length : nil)
            .offset(x: axis == .horizontal ? start : 0, y: axis == .vertical ? start : 0)
    }
}
#endif
