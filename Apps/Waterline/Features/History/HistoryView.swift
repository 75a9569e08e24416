import SwiftUI
import WaterlineCore
import WaterlineDesign
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// Every past session, newest first, read a page at a time as the list scrolls. A row opens
/// its summary (through the Home stack's destination for session ids); a swipe deletes it.
struct HistoryView: View {
    @State var model: HistoryModel
    @State private var confirmingDelete: Session?

    var body: some View {
        List {
            ForEach(model.sessions) { session in
                NavigationLink(value: session.id) {
                    Text(verbatim: model.title(for: session))
                }
                .onAppear {
                    if model.isLastLoaded(session) { Task { await model.loadMore() } }
                }
                .swipeActions {
                    Button("Delete", role: .destructive) { confirmingDelete = session }
                }
            }
            if model.isLoading {
                ProgressView().frame(maxWidth: .infinity)
            }
            if let error = model.errorMessage {
                Text(verbatim: error).foregroundStyle(Palette.warning)
            }
        }
        .overlay {
            if model.sessions.isEmpty, !model.isLoading, !model.hasMore {
                ContentUnavailableView("No past sessions yet", systemImage: "calendar")
            }
        }
        .navigationTitle("All Sessions")
        .toolbar {
            ToolbarItem(placement: .topBarTrailing) {
                Menu {
                    ForEach(ExportFormat.allCases, id: \.self) { format in
                        let model = model
                        ShareLink(
                            item: ExportFile(format: format, name: "waterline-sessions.\(format.fileExtension)") {
                                try await model.exportAll(as: format)
                            },
                            preview: SharePreview(Text("Waterline sessions (\(format.rawValue.uppercased()))"))
                        ) {
                            Text("Export All as \(format.rawValue.uppercased())")
                        }
                    }
                } label: {
                    Image(systemName: "square.and.arrow.up").accessibilityLabel(Text("Export"))
                }
            }
        }
        .confirmationDialog(
            "Delete this session?",
            isPresented: Binding(get: { confirmingDelete != nil }, set: { if !$0 { confirmingDelete = nil } }),
            titleVisibility: .visible,
            presenting: confirmingDelete
        ) { session in
            Button("Delete Session", role: .destructive) { Task { await model.delete(session) } }
        } message: { _ in
            Text("Its drinks and waters are removed here and, once synced, from your other devices.")
        }
        .task { await model.reload() }
    }
}
