import SwiftUI
import WaterlineCore
import WaterlineDesign
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// The end of a session: totals, duration, adherence, the Waterline's end and range, the timeline.
struct SummaryView: View {
    @State var model: SummaryModel
    /// "Done" after ending: back to Home. Nil for a past session (read-only, with a back button).
    var done: (() -> Void)?
    @State private var editing: LogEntry?

    var body: some View {
        List {
            Section {
                HStack {
                    Spacer()
                    VStack {
                        Text(verbatim: WaterlineFormat.signedValue(model.report.summary.finalWaterline))
                            .font(Typography.hero)
                        Text(verbatim: model.rangeText).foregroundStyle(.secondary)
                    }
                    Spacer()
                }
                .accessibilityElement(children: .combine)
            }
            Section("The Session") {
                WaterlineChartView(chart: model.chart)
            }
            Section("Totals") {
                LabeledContent("Drinks", value: model.drinksText)
                LabeledContent("Water", value: "\(model.report.summary.totalWaterCount) (\(model.waterVolumeText))")
                LabeledContent("Duration", value: model.durationText)
                LabeledContent("Water breaks kept", value: model.adherenceText)
                if let plan = model.planText { Text(verbatim: plan) }
            }
            Section("Timeline") {
                ForEach(model.timeline) { log in
                    if model.isEditable {
                        Button { editing = log } label: { TimelineRow(title: model.title(for: log), log: log) }
                            .foregroundStyle(.primary)
                    } else {
                        TimelineRow(title: model.title(for: log), log: log)
                    }
                }
                .onDelete(perform: deleteAction)
            }
        }
        .navigationTitle("Summary")
        .navigationBarBackButtonHidden(model.isEditable)
        .toolbar {
            if model.isEditable, let done {
                ToolbarItem(placement: .confirmationAction) { Button("Done", action: done) }
            }
        }
        .alert("Not Saved", isPresented: Binding(get: { model.errorMessage != nil }, set: { if !$0 { model.errorDismissed() } })) {
            Button("OK") { model.errorDismissed() }
        } message: {
            Text(verbatim: model.errorMessage ?? "")
        }
        .sheet(item: $editing) { log in
            LogEditView(log: log, units: model.settings.units, window: model.editWindow) { edited in Task { await model.logEdited(edited) } }
        }
    }

    /// Swipe to delete, only on the summary right after ending; past sessions are read-only.
    private var deleteAction: ((IndexSet) -> Void)? {
        guard model.isEditable else { return nil }
        return { offsets in
            let logs = offsets.map { model.timeline[$0] }
            Task { for log in logs { await model.logSwipedToDelete(log) } }
        }
    }
}

/// A past session, read-only.
struct PastSessionView: View {
    let sessionId: UUID
    @Environment(AppEnvironment.self) private var environment
    @State private var model: SummaryModel?
    @State private var failed = false

    var body: some View {
        Group {
            if let model {
                SummaryView(model: model)
                    .toolbar {
                        ToolbarItem(placement: .topBarTrailing) {
                            Menu {
                                ForEach(ExportFormat.allCases, id: \.self) { format in
                                    let data = try? model.export(as: format)
                                    ShareLink(
                                        item: ExportFile(format: format, name: model.exportFileName(format)) {
                                            guard let data else { throw CocoaError(.fileWriteUnknown) }
                                            return data
                                        },
                                        preview: SharePreview(Text(verbatim: model.exportFileName(format)))
                                    ) {
                                        Text("Export as \(format.rawValue.uppercased())")
                                    }
                                }
                            } label: {
                                Image(systemName: "square.and.arrow.up").accessibilityLabel(Text("Export"))
                            }
                        }
                    }
            } else if failed {
                ContentUnavailableView("This session is no longer here", systemImage: "calendar.badge.exclamationmark")
            } else {
                ProgressView()
            }
        }
        .task {
            do {
                let update = try await environment.runtime.reader.session(id: sessionId)
                let settings = try await environment.runtime.reader.currentState().settings
                model = environment.summaryModel(for: update, settings: settings, editable: false)
            } catch {
                failed = true
            }
        }
    }
}
