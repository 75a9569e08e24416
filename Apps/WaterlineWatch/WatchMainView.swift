import SwiftUI
import WaterlineCore
import WaterlineDesign
import WaterlineRuntime
import WaterlineScreens

/// The wrist: a compact Waterline and counts, "+ Drink" and "+ Water", End Session below; the
/// session's summary once it ends. Every number is the watch's own store's, so it stays true with
/// the phone away; what has not reached the phone yet is said quietly. A reminder the watch may
/// not post shows on top, with a haptic, while the app is open.
struct WatchMainView: View {
    @Bindable var model: WatchSessionModel
    let reminders: InAppReminderModel
    let logWater: () -> Void
    let dismissReminder: () -> Void
    @State private var logged = 0
    /// The number the plan's picker shows (the crown turns it).
    @State private var planning = Session.suggestedPlannedDrinks

    var body: some View {
        NavigationStack {
            if model.display.hasSession {
                ScrollView {
                    VStack(spacing: Metrics.spacingXS) {
                        glance
                        if let note = model.startedNote {
                            Text(verbatim: note).font(.caption2).foregroundStyle(.secondary).multilineTextAlignment(.center)
                        }
                        // Side by side while they fit; one above the other at large text sizes.
                        ViewThatFits(in: .horizontal) {
                            HStack { quickButtons }
                            VStack { quickButtons }
                        }
                        .font(.headline)
                        Divider().padding(.vertical, Metrics.spacingXS)
                        Button {
                            planning = model.planSuggestion
                            model.planButtonTapped()
                        } label: {
                            if let planned = model.plannedDrinks { Text("Plan: \(planned) drinks") } else { Text("Plan Tonight") }
                        }
                        Button("End Session", role: .destructive) { model.endSessionButtonTapped() }
                    }
                }
                .sheet(isPresented: $model.isPickingPreset) { presetList }
                .sheet(isPresented: $model.isPlanning) { planPicker }
                .confirmationDialog("End this session?", isPresented: $model.isConfirmingEnd) {
                    Button("End Session", role: .destructive) { Task { await model.endSessionConfirmed() } }
                }
            } else if let summary = model.summary {
                ended(summary)
            } else {
                VStack(spacing: Metrics.spacingS) {
                    Text(verbatim: model.display.accessibilityLabel).font(.body).foregroundStyle(.secondary)
                    Button("Start Session") { Task { await model.startSessionTapped() } }
                }
            }
        }
        .task { await model.appeared() }
        .sensoryFeedback(.success, trigger: logged)
        .overlay(alignment: .top) {
            if let reminder = reminders.banner {
                reminderCard(reminder).id(reminders.bannerNumber)
            }
        }
        // The system's own notification plays its haptic; one shown here plays this one.
        .sensoryFeedback(.warning, trigger: reminders.bannerNumber)
        // Why a tap was refused, in the watch's words: the rule that refused it.
        .alert(Text(verbatim: model.problemMessage ?? ""), isPresented: problemShown) {
            Button("OK") { model.problemDismissed() }
        }
        .sensoryFeedback(.error, trigger: model.problemMessage) { _, new in new != nil }
    }

    @ViewBuilder private var quickButtons: some View {
        Button {
            model.drinkButtonTapped()
        } label: { Label("+ Drink", systemImage: "wineglass") }
        Button {
            logged += 1
            Task { await model.waterButtonTapped() }
        } label: { Label("+ Water", systemImage: "drop.fill") }
        .tint(Palette.calm)
    }

    /// A reminder while the watch may not post notifications: its words, Log Water and Dismiss.
    private func reminderCard(_ reminder: NotificationContent) -> some View {
        VStack(spacing: Metrics.spacingXXS) {
            Text(verbatim: reminder.title).font(.headline).multilineTextAlignment(.center)
            Button("Log Water") {
                logged += 1
                logWater()
            }
            .tint(Palette.calm)
            Button("Dismiss") { dismissReminder() }
        }
        .padding(Metrics.spacingXS)
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: Metrics.radiusM))
        .accessibilityElement(children: .contain)
    }

    private var problemShown: Binding<Bool> {
        Binding(get: { model.problemMessage != nil }, set: { if !$0 { model.problemDismissed() } })
    }

    private var glance: some View {
        let display = model.display
        return VStack(spacing: Metrics.spacingXXXS) {
            HStack(spacing: Metrics.spacingXS) {
                WatchGauge(gauge: display.gauge)
                // A text style, so the number follows the wearer's text size.
                Text(verbatim: display.gauge.valueText)
                    .font(.system(.largeTitle, design: .rounded, weight: .semibold))
                    .minimumScaleFactor(0.6)
                    .foregroundStyle(display.isWarning ? Palette.warning : Palette.calm)
                    .contentTransition(.numericText(value: display.waterlineValue))
            }
            Text("Drinks \(display.drinks) · Water \(display.water)").font(.footnote)
            if let plan = display.plan { Text(verbatim: plan.text).font(.caption2).foregroundStyle(.secondary) }
            if let warning = display.gauge.warningText {
                Text(verbatim: warning).font(.caption2).foregroundStyle(Palette.warning)
            }
            if display.unsent > 0 {
                Text("Not on your iPhone yet: \(display.unsent)").font(.caption2).foregroundStyle(.secondary)
            }
        }
        // One sentence for VoiceOver: the gauge, the counts, the warning and what is unsent.
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text(verbatim: display.accessibilityLabel))
    }

    private func ended(_ summary: SessionSummary) -> some View {
        ScrollView {
            VStack(alignment: .leading, spacing: Metrics.spacingXXS) {
                Text("Session ended").font(.headline)
                Text("Drinks \(summary.totalAlcoholCount) · Water \(summary.totalWaterCount)").font(.body)
                Text(verbatim: WaterlineFormat.duration(summary.durationSeconds)).font(.footnote).foregroundStyle(.secondary)
                Button("Done") { model.summaryDismissed() }.padding(.top, Metrics.spacingXS)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }

    /// How many drinks tonight: the crown or the buttons, then "Set Plan"; "No Plan" clears it.
    private var planPicker: some View {
        ScrollView {
            VStack(spacing: Metrics.spacingXS) {
                Stepper(value: $planning, in: Limits.plannedDrinks.wholeNumbers) {
                    Text("\(planning) drinks").font(.title3.monospacedDigit())
                }
                Button("Set Plan") { Task { await model.planChosen(planning) } }
                Button("No Plan") { Task { await model.planChosen(nil) } }
            }
        }
    }

    private var presetList: some View {
        List(model.presets) { preset in
            Button {
                logged += 1
                Task { await model.presetTapped(preset) }
            } label: {
                VStack(alignment: .leading) {
                    Text(verbatim: preset.shownName)
                    Text("\(WaterlineFormat.value(preset.standardDrinkEstimate)) std").font(.caption2).foregroundStyle(.secondary)
                }
            }
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(Text(verbatim: preset.chipAccessibilityLabel))
            .accessibilityAddTraits(.isButton)
        }
    }
}
