import WaterlineCore

/// Siri's answer to a question: the line it says and shows, and the gauge its small snippet
/// draws (nil with no session running).
public struct IntentAnswer: Hashable, Sendable {
    public var dialog: String
    public var gauge: GaugeDisplay?

    public init(dialog: String, gauge: GaugeDisplay? = nil) {
        self.dialog = dialog
        self.gauge = gauge
    }
}
