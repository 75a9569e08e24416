import SwiftUI
import WaterlineDesign
import WaterlineSystem

/// The two big buttons: "+ Drink" and "+ Water", at least 44 pt tall, with a haptic on tap.
struct QuickAddButtons: View {
    let drink: () -> Void
    let water: () -> Void
    @State private var taps = 0

    var body: some View {
        // Side by side while both labels fit; one above the other at the largest text sizes.
        ViewThatFits(in: .horizontal) {
            HStack(spacing: Metrics.spacingS) { buttons }
            VStack(spacing: Metrics.spacingXS) { buttons }
        }
        .font(Typography.emphasis)
        .sensoryFeedback(.impact(weight: .light), trigger: taps)
    }

    @ViewBuilder private var buttons: some View {
        Button { taps += 1; drink() } label: {
            Label("+ Drink", systemImage: "wineglass").frame(maxWidth: .infinity, minHeight: Metrics.primaryButtonHeight)
        }
        .buttonStyle(.bordered)
        .accessibilityHint(Text("Choose a drink to log"))
        Button { taps += 1; water() } label: {
            Label("+ Water", systemImage: "drop.fill").frame(maxWidth: .infinity, minHeight: Metrics.primaryButtonHeight)
        }
        .buttonStyle(.borderedProminent)
        .tint(Palette.calm)
        .accessibilityHint(Text("Logs a glass of water"))
    }
}

#Preview("Quick add") {
    QuickAddButtons(drink: {}, water: {}).padding()
}
