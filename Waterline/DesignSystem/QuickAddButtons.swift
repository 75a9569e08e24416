import SwiftUI

/// The two big buttons: "+ Drink" and "+ Water", at least 44 pt tall, with a haptic on tap.
struct QuickAddButtons: View {
    let drink: () -> Void
    let water: () -> Void
    @State private var taps = 0

    var body: some View {
        HStack(spacing: Metrics.spacingS) {
            Button { taps += 1; drink() } label: {
                Label("+ Drink", systemImage: "wineglass").frame(maxWidth: .infinity, minHeight: 52)
            }
            .buttonStyle(.bordered)
            Button { taps += 1; water() } label: {
                Label("+ Water", systemImage: "drop.fill").frame(maxWidth: .infinity, minHeight: 52)
            }
            .buttonStyle(.borderedProminent)
            .tint(Palette.calm)
        }
        .font(.headline)
        .sensoryFeedback(.impact(weight: .light), trigger: taps)
    }
}

#Preview("Quick add") {
    QuickAddButtons(drink: {}, water: {}).padding()
}
