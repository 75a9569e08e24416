#if canImport(SwiftUI) && (os(iOS) || os(watchOS))
import SwiftUI
import WaterlineCore

/// The Waterline as the system's accessory gauges draw it, on the Lock Screen and the watch face:
/// a `Gauge` the widget styles (`.gaugeStyle(.accessoryCircular)` and the like) and tints, so the
/// system can render it as its families do (a corner complication curves it).
public enum AccessoryGauges {
    /// The complication's level: the Waterline between minus and plus one past the threshold, the
    /// value as its label ("–" with no session running).
    public static func level(_ gauge: GaugeDisplay, isActive: Bool) -> some View {
        let span = Double(gauge.threshold + 1)
        return Gauge(value: min(max(gauge.value, -span), span), in: -span...span) {
            Image(systemName: "drop")
        } currentValueLabel: {
            Text(verbatim: isActive ? gauge.valueText : "–")
        }
    }

    /// The Lock Screen's circular gauge: the level as a fraction of its span, with its value.
    public static func lockScreen(_ gauge: GaugeDisplay) -> some View {
        Gauge(value: gauge.fraction(span: gauge.span)) {
            Image(systemName: "drop")
        } currentValueLabel: {
            Text(verbatim: gauge.valueText)
        }
    }

    /// The small bar beside the rectangular Lock Screen widget's headline.
    public static func lockScreenBar(_ gauge: GaugeDisplay) -> some View {
        Gauge(value: gauge.fraction(span: gauge.span)) { EmptyView() }
            .gaugeStyle(.accessoryLinearCapacity)
            .frame(width: barWidth)
    }

    /// The rectangular Lock Screen widget's bar: short, so the headline keeps its line.
    static let barWidth: CGFloat = 36
}
#endif
