import SwiftUI
import WaterlineCore
import WaterlineDesign
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// A reminder shown inside the app instead of a system notification, with Log Water: spoken
/// when it appears; it leaves by itself, or stays while VoiceOver runs (`BannerTiming`).
struct ReminderBanner: View {
    let content: NotificationContent
    let logWater: () -> Void
    let dismiss: () -> Void
    @Environment(\.accessibilityVoiceOverEnabled) private var voiceOverRunning

    var body: some View {
        HStack(alignment: .top) {
            Image(systemName: "drop").foregroundStyle(Palette.calm)
                .accessibilityHidden(true)
            VStack(alignment: .leading) {
                Text(verbatim: content.detailTitle).font(.headline)
                Text(verbatim: content.detailBody).font(.subheadline).foregroundStyle(.secondary)
            }
            Spacer()
            VStack(spacing: Metrics.spacingXXS) {
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
            AccessibilityNotification.Announcement("\(content.detailTitle). \(content.detailBody)").post()
            guard let delay = BannerTiming.autoDismissal(after: InAppReminderModel.displayDuration, voiceOverRunning: voiceOverRunning) else { return }
            try? await Task.sleep(for: .seconds(delay))
            dismiss()
        }
    }
}

#Preview("Per-drink reminder") {
    let state = WaterlineState(waterlineValue: 2, alcoholCountSinceLastWater: 2, totalAlcoholCount: 2, totalStandardDrinks: 2, isWarning: true)
    return ReminderBanner(
        content: NotificationCopy.content(for: .perDrink, state: state, settings: UserSettings(discreetNotifications: false), sessionId: UUID()),
        logWater: {}, dismiss: {}
    )
}

#Preview("Discreet, largest text") {
    ReminderBanner(
        content: NotificationCopy.content(for: .timeBased, state: .empty, settings: UserSettings(discreetNotifications: true), sessionId: UUID()),
        logWater: {}, dismiss: {}
    )
    .environment(\.dynamicTypeSize, .accessibility3)
}
