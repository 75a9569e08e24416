/// What the Live Activity says on the Lock Screen and in the Dynamic Island, worded and redacted
/// here so every region says the same. The Waterline and both counts show by default (US-032);
/// discreet mode changes the words only (no drink words, no wineglass), as the Lock Screen widgets
/// and notifications do; "Hide counts on the Lock Screen" takes the numbers away.
public struct LiveActivityPresentation: Hashable, Sendable {
    /// "Waterline 2.5".
    public var headline: String
    /// "Drinks 3 · Water 1", "3 · Water 1" in discreet mode; nil when counts are hidden.
    public var countsLine: String?
    /// The compact trailing region: "3·1", or nothing when counts are hidden.
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
    /// "2 of 4 planned" beside the Waterline; nil with no plan, or when counts are hidden.
    public var planLine: String?

    public init(glance: SessionGlance) {
        let value = WaterlineFormat.signedValue(glance.waterlineValue)
        headline = KitText.string(KitStrings.widgetHeadline, .text(value))
        let counts = WidgetPresentation.countsLine(
            drinks: glance.totalAlcoholCount, waters: glance.totalWaterCount, discreet: glance.discreet
        )
        countsLine = glance.hidesCounts ? nil : counts
        compactCounts = glance.hidesCounts ? nil : "\(glance.totalAlcoholCount)·\(glance.totalWaterCount)"
        let gauge = GaugeDisplay(value: glance.waterlineValue, threshold: 0, isWarning: glance.isWarning).accessibilityLabel
        compactAccessibilityLabel = glance.hidesCounts ? gauge : "\(gauge). \(counts)"
        drinkButtonTitle = glance.discreet ? "+1" : glance.drinkButtonTitle
        drinkButtonSymbol = glance.discreet ? "plus.circle" : "wineglass"
        waterButtonTitle = KitText.string(KitStrings.widgetAddWater)
        warningLine = glance.isWarning && !glance.isEnded ? KitText.string(KitStrings.gaugeWarning) : nil
        planLine = glance.hidesCounts ? nil : glance.plan?.text
    }
}
