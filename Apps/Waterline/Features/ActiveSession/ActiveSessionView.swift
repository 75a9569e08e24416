import SwiftUI
import WaterlineCore
import WaterlineDesign
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// The Active Session screen: gauge, counts, reminders, presets, quick add, timeline, undo, end.
struct ActiveSessionView: View {
    @State var model: ActiveSessionModel
    /// Back to Home, after the summary's "Done".
    let finished: () -> Void
    @Environment(AppEnvironment.self) private var environment
    @Environment(\.calendar) private var calendar
    @State private var editing: LogEntry?
    @State private var logTaps = 0

    var body: some View {
        List {
            Section {
                HStack {
                    Spacer()
                    WaterlineGauge(display: model.gauge)
                    Spacer()
                }
                // Side by side while they fit; stacked at the largest text sizes.
                ViewThatFits(in: .horizontal) {
                    HStack {
                        Label("Drinks \(model.drinkCount)", systemImage: "wineglass")
                        Spacer()
                        Label("Water \(model.waterCount)", systemImage: "drop")
                    }
                    VStack(alignment: .leading) {
                        Label("Drinks \(model.drinkCount)", systemImage: "wineglass")
                        Label("Water \(model.waterCount)", systemImage: "drop")
                    }
                }
                .font(.headline)
                // The session's plan beside the Waterline, changed here too (a plan can start late).
                Stepper {
                    Text(verbatim: model.planText ?? String(localized: "No plan tonight"))
                } onIncrement: {
                    Task { await model.planStepped(up: true) }
                } onDecrement: {
                    Task { await model.planStepped(up: false) }
                }
                Text(verbatim: model.waterDueText)
                if let next = model.nextReminderDate {
                    HStack {
                        Text("Next reminder: \(next, format: .dateTime.hour().minute())")
                        Spacer()
                        Text(timerInterval: Date()...max(next, Date()), countsDown: true)
                            .monospacedDigit()
                            .foregroundStyle(.secondary)
                    }
                }
            }
            Section("Timeline") {
                ForEach(model.timeline) { log in
                    Button { editing = log } label: { TimelineRow(title: model.title(for: log), log: log) }
                        .foregroundStyle(.primary)
                        .accessibilityHint(Text("Edit its time or amount; swipe to delete"))
                }
                .onDelete { offsets in
                    let logs = offsets.map { model.timeline[$0] }
                    Task { for log in logs { await model.logSwipedToDelete(log) } }
                }
            }
            Section {
                Button("End Session", role: .destructive) { model.endSessionButtonTapped() }
            }
        }
        // Above the quick-add bar, never over it.
        .overlay(alignment: .bottom) { undoBanner }
        .navigationTitle("Night Out")
        .toolbar {
            ToolbarItemGroup(placement: .topBarTrailing) {
                SyncIndicator()
                // Reachable from the top of a long session, not only below its whole timeline;
                // both ask the same confirmation.
                Button("End Session") { model.endSessionButtonTapped() }
            }
        }
        .safeAreaInset(edge: .bottom) {
            QuickAddBar(
                sameAgain: model.sameAgainTitle.map { ($0, model.sameAgainAccessibilityLabel ?? $0) },
                sameAgainTapped: {
                    logTaps += 1
                    Task { await model.sameAgainTapped() }
                },
                presets: model.presets,
                presetTapped: { preset in
                    logTaps += 1
                    Task { await model.presetChipTapped(preset) }
                },
                drink: { model.drinkButtonTapped() },
                water: {
                    logTaps += 1
                    Task { await model.waterButtonTapped() }
                }
            )
        }
        .sensoryFeedback(.success, trigger: logTaps)
        .sheet(isPresented: $model.isPickingDrink) {
            if let picker = model.drinkPicker(calendar: calendar) {
                DrinkPickerView(model: picker) { picked in Task { await model.drinkPicked(picked) } }
            }
        }
        .sheet(item: $editing) { log in
            if let window = model.editWindow {
                LogEditView(log: log, units: model.settings.units, window: window) { edited in Task { await model.logEdited(edited) } }
            }
        }
        .confirmationDialog("End this session?", isPresented: $model.isConfirmingEnd, titleVisibility: .visible) {
            Button("End Session", role: .destructive) { Task { await model.endSessionConfirmed() } }
        }
        .navigationDestination(item: Binding(get: { model.endedSession }, set: { if $0 == nil { model.summaryClosed() } })) { ended in
            SummaryView(model: environment.summaryModel(for: ended, settings: model.settings, editable: true)) {
                model.summaryClosed()
                finished()
            }
        }
        .alert("Not Saved", isPresented: Binding(get: { model.errorMessage != nil }, set: { if !$0 { model.errorDismissed() } })) {
            Button("OK") { model.errorDismissed() }
        } message: {
            Text(verbatim: model.errorMessage ?? "")
        }
        .task { await model.appeared() }
    }

    @ViewBuilder private var undoBanner: some View {
        if let offer = model.undo.offer {
            UndoBanner(
                offer: offer, undo: { Task { await model.undoTapped() } },
                expired: { model.undo.expired() }, held: { model.undo.held() }
            )
        }
    }
}

/// One log in a timeline: time, what it was.
struct TimelineRow: View {
    let title: String
    let log: LogEntry

    private var icon: some View {
        Image(systemName: log.type == .water ? "drop.fill" : "wineglass.fill")
            .foregroundStyle(log.type == .water ? Palette.calm : .secondary)
            .accessibilityHidden(true)
    }

    private var time: some View {
        Text(log.timestamp, format: .dateTime.hour().minute()).foregroundStyle(.secondary)
    }

    var body: some View {
        ViewThatFits(in: .horizontal) {
            HStack {
                icon
                Text(verbatim: title)
                Spacer()
                time
            }
            // At the largest text sizes the time goes under the entry.
            VStack(alignment: .leading) {
                HStack(alignment: .firstTextBaseline) {
                    icon
                    Text(verbatim: title)
                }
                time
            }
        }
        .frame(minHeight: Metrics.tapTarget)
        .accessibilityElement(children: .combine)
    }
}
