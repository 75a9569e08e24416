import SwiftUI
import WaterlineScreens

/// "Logged water · Undo" after a quick log: spoken when it appears; it leaves after
/// `UndoOffer.duration`, or stays while VoiceOver runs (`BannerTiming`).
struct UndoBanner: View {
    let offer: UndoOffer
    let undo: () -> Void
    let expired: () -> Void
    let held: () -> Void
    @Environment(\.accessibilityVoiceOverEnabled) private var voiceOverRunning

    var body: some View {
        HStack {
            Text(verbatim: offer.message)
            Spacer()
            Button("Undo", action: undo).bold()
        }
        .padding()
        .background(.regularMaterial, in: Capsule())
        .padding()
        .task(id: offer.log.id) {
            AccessibilityNotification.Announcement(offer.message).post()
            guard let delay = BannerTiming.autoDismissal(after: UndoOffer.duration, voiceOverRunning: voiceOverRunning) else {
                held()
                return
            }
            try? await Task.sleep(for: .seconds(delay))
            expired()
        }
    }
}
