import SwiftUI
import WaterlineKit

/// The quiet cloud in the corner: synced, syncing, offline with changes kept, or signed out.
struct SyncIndicator: View {
    @Environment(SyncStatusModel.self) private var sync

    var body: some View {
        Image(systemName: sync.symbolName)
            .foregroundStyle(.secondary)
            .imageScale(.small)
            .accessibilityLabel(sync.accessibilityLabel)
    }
}
