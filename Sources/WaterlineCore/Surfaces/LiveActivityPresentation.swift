/// What the Live Activity says on the Lock Screen and in the Dynamic Island, worded and redacted
/// here so every region says the same: in discreet mode no counts and no drink words, anywhere a
/// passer-by may read them (the Lock Screen widgets and notifications do the same).
public struct LiveActivityPresentation: Hashable, Sendable {
    /// "Waterline 2.5".
    public var headline: String
    /// "Drinks 3 · Water 1"; nil in discreet mode.
    public var countsLine: String?
    /// The compact trailing region: "3·1", or nothing in discreet mode.
    public var compactCounts: String?
    /// What VoiceOver reads for the compact regions.
    public var compactAccessibilityLabel: String
    /// "+ Beer"; "+1" in discreet mode.
    public var drinkButtonTitle: String
    /// The drink button's symbol: a wineglass, or a plain plus in discreet mode.
    public var drinkButtonSymbol: String
    public var waterButtonTitle: String
    /// The calm instruction while the Waterline asks for water.
    public var warningLine: String?

    public init(glance: SessionGlance) {
        let value = WaterlineFormat.signedValue(glance.waterlineValue)
        headline = KitText.string(KitStrings.widgetHeadline, .text(value))
        let counts = KitText.string(KitStrings.widgetCounts, .int(glance.totalAlcoholCount), .int(glance.totalWaterCount))
        countsLine = glance.discreet ? nil : counts
        compactCounts = glance.discreet ? nil : "\(glance.totalAlcoholCount)·\(glance.totalWaterCount)"
        let gauge = GaugeDisplay(value: glance.waterlineValue, threshold: 0, isWarning: glance.isWarning).accessibilityLabel
        compactAccessibilityLabel = glance.discreet ? gauge : "\(gauge). \(counts)"
        drinkButtonTitle = glance.discreet ? "+1" : glance.drinkButtonTitle
        drinkButtonSymbol = glance.discreet ? "plus.circle" : "wineglass"
        waterButtonTitle = KitText.string(KitStrings.widgetAddWater)
        warningLine = glance.isWarning && !glance.isEnded ? KitText.string(KitStrings.gaugeWarning) : nil
    }
}
