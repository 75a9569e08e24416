import SwiftUI
import WaterlineCore
import WaterlineDesign
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// The bar pinned to the bottom of Active Session (US-014): "Same again" once the session has a
/// drink, preset chips with their standard-drink estimate, then Drink and Water. Two taps at most
/// to log anything.
struct QuickAddBar: View {
    /// What "Same again" logs, shown and read aloud; nil before the session's first drink.
    var sameAgain: (title: String, accessibilityLabel: String)? = nil
    var sameAgainTapped: () -> Void = {}
    let presets: [DrinkPreset]
    let presetTapped: (DrinkPreset) -> Void
    let drink: () -> Void
    let water: () -> Void

    var body: some View {
        VStack(spacing: Metrics.spacingXS) {
            if !presets.isEmpty || sameAgain != nil {
                ScrollView(.horizontal, showsIndicators: false) {
                    HStack(spacing: Metrics.spacingXS) {
                        if let sameAgain {
                            Button(action: sameAgainTapped) {
                                Label(KitText.string(KitStrings.sameAgain), systemImage: "arrow.counterclockwise")
                            }
                            .buttonStyle(.borderedProminent)
                            .tint(Palette.calm)
                            .frame(minHeight: Metrics.tapTarget)
                            .accessibilityLabel(Text(verbatim: sameAgain.accessibilityLabel))
                            .accessibilityHint(Text("Logs this drink"))
                        }
                        ForEach(presets) { preset in
                            Button(preset.chipTitle) { presetTapped(preset) }
                                .buttonStyle(.bordered)
                                .tint(Palette.calm)
                                .frame(minHeight: Metrics.tapTarget)
                                .accessibilityLabel(Text(verbatim: preset.chipAccessibilityLabel))
                                .accessibilityHint(Text("Logs this drink"))
                        }
                    }
                    .padding(.horizontal, Metrics.spacingM)
                }
            }
            QuickAddButtons(drink: drink, water: water)
                .padding(.horizontal, Metrics.spacingM)
        }
        .padding(.vertical, Metrics.spacingXS)
        .background(.bar)
    }
}

#Preview("With presets") {
    QuickAddBar(presets: DrinkCatalog.defaultPresets(userId: UUID()), presetTapped: { _ in }, drink: {}, water: {})
}

#Preview("Largest text") {
    QuickAddBar(presets: DrinkCatalog.defaultPresets(userId: UUID()), presetTapped: { _ in }, drink: {}, water: {})
        .environment(\.dynamicTypeSize, .accessibility3)
}
