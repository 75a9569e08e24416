/// How the Waterline gauge reads: its text, where it stands, and what VoiceOver says.
public struct GaugeDisplay: Hashable, Sendable {
    public var value: Double
    public var threshold: Int
    public var isWarning: Bool

    public init(value: Double, threshold: Int, isWarning: Bool) {
        self.value = value
        self.threshold = threshold
        self.isWarning = isWarning
    }

    public init(state: WaterlineState, settings: UserSettings) {
        self.init(value: state.waterlineValue, threshold: settings.warningThreshold, isWarning: state.isWarning)
    }

    /// "2.5", "0", "-1".
    public var valueText: String { WaterlineFormat.value(value) }

    /// "Waterline 2.5, above center".
    public var accessibilityLabel: String {
        KitText.string(KitStrings.gaugeLabel, .text(valueText), .text(WaterlineFormat.position(value)))
    }

    /// What VoiceOver names the gauge: "Waterline".
    public var accessibilityName: String { KitText.string(KitStrings.gaugeName) }

    /// Its value and state as VoiceOver reads an adjustable element's: "plus 2, above your
    /// threshold", "minus 1, below center", "0, at center".
    public var spokenValue: String {
        let state = isWarning ? KitText.string(KitStrings.gaugeAboveThreshold) : WaterlineFormat.position(value)
        return KitText.string(KitStrings.gaugeSpoken, .text(WaterlineFormat.spoken(value)), .text(state))
    }

    /// The calm instruction shown with the warning colour.
    public var warningText: String? { isWarning ? KitText.string(KitStrings.gaugeWarning) : nil }

    /// Where the marker sits on a gauge showing −span…+span, from 0 (bottom) to 1 (top),
    /// held inside the gauge when the value runs past its ends.
    public func fraction(span: Double) -> Double {
        guard span > 0 else { return 0.5 }
        return min(1, max(0, 0.5 + value / (2 * span)))
    }

    /// Where the warning threshold sits on the same gauge (0 bottom, 1 top): the line past which
    /// the gauge turns amber.
    public func thresholdFraction(span: Double) -> Double {
        GaugeDisplay(value: Double(threshold), threshold: threshold, isWarning: true).fraction(span: span)
    }

    /// A span that always shows the threshold and the value with a step to spare.
    public var span: Double {
        max(3, Double(threshold) + 1, abs(value).rounded(.up) + 1)
    }
}
