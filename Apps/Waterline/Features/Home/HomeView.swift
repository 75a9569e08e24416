import SwiftUI
import WaterlineCore
import WaterlineDesign
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// Home: Start Session and the last five sessions, or the running session at a glance.
struct HomeView: View {
    @State var model: HomeModel
    @Environment(AppEnvironment.self) private var environment
    @State private var showsSession = false
    /// Whether the session screen opens with its drink picker ("+ Drink" on Home).
    @State private var sessionOpensPicker = false
    @State private var showsSettings = false
    @State private var pastSessions: [UUID] = []

    var body: some View {
        NavigationStack(path: $pastSessions) {
            List {
                if let active = model.active, let gauge = model.gauge {
                    activeSection(active, gauge: gauge)
                } else {
                    Section {
                        Button {
                            Task { await model.startSessionButtonTapped() }
                        } label: {
                            Label("Start Session", systemImage: "play.circle.fill")
                                .font(.title3.weight(.semibold))
                                .frame(maxWidth: .infinity, minHeight: Metrics.primaryButtonHeight)
                        }
                        .buttonStyle(.borderedProminent)
                        .tint(Palette.calm)
                        .listRowBackground(Color.clear)
                        // Optional, skipped by default: the last plan comes back as the suggestion.
                        Toggle("I'm planning a number of drinks", isOn: Binding(get: { model.isPlanning }, set: { _ in model.planToggled() }))
                        if model.isPlanning {
                            Stepper {
                                Text(verbatim: model.plannedDrinksText)
                            } onIncrement: {
                                model.planStepped(up: true)
                            } onDecrement: {
                                model.planStepped(up: false)
                            }
                        }
                    } footer: {
                        if model.isPlanning { Text("Standard drinks: a double counts 2.") }
                    }
                }
                Section("Past sessions") {
                    if let empty = model.emptyStateText {
                        Text(LocalizedStringKey(empty)).foregroundStyle(.secondary)
                    }
                    ForEach(model.recent, id: \.sessionId) { report in
                        NavigationLink(value: report.sessionId) { PastSessionRow(report: report) }
                    }
                    if model.showsAllSessions {
                        NavigationLink("All Sessions") { HistoryView(model: environment.historyModel()) }
                    }
                }
            }
            .navigationTitle("Waterline")
            .toolbar {
                ToolbarItem(placement: .topBarLeading) { SyncIndicator() }
                ToolbarItem(placement: .topBarTrailing) {
                    Button { showsSettings = true } label: { Image(systemName: "gearshape") }
                        .accessibilityLabel("Settings")
                }
            }
            .navigationDestination(for: UUID.self) { sessionId in
                PastSessionView(sessionId: sessionId)
            }
            .navigationDestination(isPresented: $showsSession) {
                // The summary's "Done" comes back here, past the ended session's screen.
                ActiveSessionView(model: environment.activeSessionModel(pickingDrink: sessionOpensPicker)) { showsSession = false }
            }
            .sheet(isPresented: $showsSettings) {
                SettingsView(model: environment.settingsModel())
            }
            .task { await model.appeared() }
            .onChange(of: showsSession) { _, showing in
                if !showing { Task { await model.appeared() } }
            }
            .onChange(of: model.startedSession) { _, started in
                if started != nil {
                    sessionOpensPicker = model.opensDrinkPicker
                    showsSession = true
                    model.navigatedToSession()
                }
            }
            .onChange(of: model.openedPastSessionId) { _, opened in
                if let opened {
                    showsSession = false
                    pastSessions = [opened]
                    model.navigatedToPastSession()
                }
            }
            .onChange(of: environment.runtime.router.pending, initial: true) { _, link in
                // A widget, the complication or a notification asked for a screen.
                guard let link else { return }
                Task {
                    await environment.runtime.handle(.linkShown(link))
                    await model.linkOpened(link)
                }
            }
            .overlay(alignment: .bottom) {
                if let offer = model.undo.offer {
                    UndoBanner(
                        offer: offer, undo: { Task { await model.undoTapped() } },
                        expired: { model.undo.expired() }, held: { model.undo.held() }
                    )
                }
            }
            .alert("Not Saved", isPresented: Binding(get: { model.errorMessage != nil }, set: { if !$0 { model.errorDismissed() } })) {
                Button("OK") { model.errorDismissed() }
            } message: {
                Text(verbatim: model.errorMessage ?? "")
            }
            .alert("Still out?", isPresented: Binding(get: { model.abandonedPrompt != nil }, set: { _ in })) {
                Button("End Now") { Task { await model.endNowTapped() } }
                Button("Keep Going") { Task { await model.keepGoingTapped() } }
            } message: {
                Text(verbatim: model.abandonedPrompt?.message ?? "")
            }
        }
    }

    private func activeSection(_ active: SessionSnapshot, gauge: GaugeDisplay) -> some View {
        Section("Tonight") {
            HStack(alignment: .center, spacing: Metrics.spacingM) {
                WaterlineGauge(display: gauge, height: Metrics.gaugeHeightLarge)
                VStack(alignment: .leading, spacing: Metrics.spacingXS) {
                    Text("Drinks \(active.state.totalAlcoholCount)")
                    Text("Water \(active.state.totalWaterCount)")
                    Button("View Session") { model.viewSessionTapped() }
                        .buttonStyle(.bordered)
                }
                .font(.headline)
            }
            QuickAddButtons(
                drink: { model.drinkButtonTapped() },
                water: { Task { await model.waterButtonTapped() } }
            )
            .listRowBackground(Color.clear)
        }
    }
}

/// A past session in the list: date, duration, drinks and water.
struct PastSessionRow: View {
    let report: SessionReport

    var body: some View {
        VStack(alignment: .leading) {
            Text(report.startTime, format: .dateTime.weekday(.wide).day().month().hour().minute())
            Text("\(WaterlineFormat.duration(report.summary.durationSeconds)) · Drinks \(report.summary.totalAlcoholCount) · Water \(report.summary.totalWaterCount)")
                .font(.subheadline)
                .foregroundStyle(.secondary)
        }
        .accessibilityElement(children: .combine)
    }
}
