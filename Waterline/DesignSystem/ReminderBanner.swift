import SwiftUI
import WaterlineKit

/// A reminder shown inside the app instead of a system notification.
struct ReminderBanner: View {
    let content: NotificationContent
    let dismiss: () -> Void

    var body: some View {
        HStack(alignment: .top) {
            Image(systemName: "drop").foregroundStyle(Palette.calm)
            VStack(alignment: .leading) {
                Text(verbatim: content.detailTitle).font(.headline)
                Text(verbatim: content.detailBody).font(.subheadline).foregroundStyle(.secondary)
            }
            Spacer()
            Button("Dismiss", action: dismiss).font(.subheadline)
        }
        .padding()
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 16))
        .padding(.horizontal)
        .task {
            try? await Task.sleep(for: .seconds(6))
            dismiss()
        }
    }
}
