import SwiftUI
import WaterlineKit

/// A reminder shown inside the app instead of a system notification, with Log Water.
struct ReminderBanner: View {
    let content: NotificationContent
    let logWater: () -> Void
    let dismiss: () -> Void

    var body: some View {
        HStack(alignment: .top) {
            Image(systemName: "drop").foregroundStyle(Palette.calm)
                .accessibilityHidden(true)
            VStack(alignment: .leading) {
                Text(verbatim: content.detailTitle).font(.headline)
                Text(verbatim: content.detailBody).font(.subheadline).foregroundStyle(.secondary)
            }
            Spacer()
            VStack(spacing: 6) {
                Button("Log Water", action: logWater)
                    .buttonStyle(.borderedProminent)
                    .tint(Palette.calm)
                Button("Dismiss", action: dismiss).font(.subheadline)
            }
        }
        .padding(Metrics.spacingM)
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: Metrics.radiusM))
        .padding(.horizontal)
        .accessibilityElement(children: .contain)
        .task {
            try? await Task.sleep(for: .seconds(InAppReminderModel.displayDuration))
            dismiss()
        }
    }
}
