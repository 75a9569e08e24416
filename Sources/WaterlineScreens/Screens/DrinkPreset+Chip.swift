import WaterlineCore

/// How a preset reads on the quick-add chips: its name and its standard-drink estimate.
extension DrinkPreset {
    /// "IPA · 1.9 std".
    public var chipTitle: String {
        KitText.string(KitStrings.presetChip, .text(shownName), .text(WaterlineFormat.value(self.standardDrinkEstimate)))
    }

    /// "IPA, standard drinks: 1.9", for VoiceOver.
    public var chipAccessibilityLabel: String {
        KitText.string(KitStrings.presetChipAccessibility, .text(shownName), .text(WaterlineFormat.value(self.standardDrinkEstimate)))
    }
}
