#if canImport(SwiftUI) && os(iOS)
import SwiftUI
import WaterlineCore

/// The app's Waterline: a vertical gauge with a centre line for "balanced", a level that rises
/// with drinks and falls with water, calm until the threshold, then amber.
public struct WaterlineGauge: View {
    let display: GaugeDisplay
    var height: CGFloat
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    public init(display: GaugeDisplay, height: CGFloat = 220) {
        self.display = display
        self.height = height
    }

    public var body: some View {
        VStack(spacing: Metrics.spacingXS) {
            GeometryReader { geometry in
                let fraction = display.fraction(span: display.span)
                let center = geometry.size.height / 2
                let level = geometry.size.height * (1 - fraction)
                ZStack(alignment: .top) {
                    RoundedRectangle(cornerRadius: Metrics.radiusM).fill(Palette.card)
                    Rectangle()
                        .fill(tint.opacity(0.35))
                        .frame(height: abs(level - center))
                        .offset(y: min(level, center))
                    Rectangle()
                        .fill(Palette.centerLine)
                        .frame(height: 2)
                        .offset(y: center - 1)
                    Capsule()
                        .fill(tint)
                        .frame(height: 6)
                        .padding(.horizontal, 8)
                        .offset(y: level - 3)
                }
                .clipShape(RoundedRectangle(cornerRadius: 16))
            }
            .frame(width: 96, height: height)
            // With Reduce Motion the level moves without the spring.
            .animation(reduceMotion ? nil : .spring(duration: 0.5), value: display.value)

            Text(verbatim: display.valueText)
                .font(Typography.hero)
                .monospacedDigit()
                .contentTransition(reduceMotion ? .identity : .numericText(value: display.value))
            if let warning = display.warningText {
                Text(verbatim: warning)
                    .font(Typography.detail)
                    .foregroundStyle(Palette.warning)
                    .multilineTextAlignment(.center)
            }
        }
        // Read as an adjustable element's value is: "Waterline, plus 2, above your threshold".
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(display.accessibilityName)
        .accessibilityValue([display.spokenValue, display.warningText].compactMap { $0 }.joined(separator: ". "))
    }

    private var tint: Color { Palette.level(isWarning: display.isWarning) }
}

#Preview("Values from the spec") {
    ScrollView(.horizontal) {
        HStack {
            ForEach([-3.0, 0, 1, 2, 3, 5], id: \.self) { value in
                WaterlineGauge(display: GaugeDisplay(value: value, threshold: 2, isWarning: value >= 2), height: 160)
            }
        }
        .padding()
    }
}

#Preview("Dark, largest text") {
    WaterlineGauge(display: GaugeDisplay(value: 2.5, threshold: 2, isWarning: true), height: 200)
        .environment(\.dynamicTypeSize, .accessibility3)
        .preferredColorScheme(.dark)
        .padding()
}
#endif
