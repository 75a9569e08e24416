import SwiftUI
import WaterlineCore
import WaterlineScreens

/// The wrist: a compact Waterline and counts, "+ Drink" and "+ Water", End Session below.
struct WatchMainView: View {
    @Bindable var model: WatchSessionModel
    @State private var logged = 0

    var body: some View {
        NavigationStack {
            if model.display.hasSession {
                ScrollView {
                    VStack(spacing: 10) {
                        summary
                        HStack {
                            Button {
                                model.drinkButtonTapped()
                            } label: { Label("+ Drink", systemImage: "wineglass") }
                            Button {
                                logged += 1
                                model.waterButtonTapped()
                            } label: { Label("+ Water", systemImage: "drop.fill") }
                            .tint(WatchPalette.calm)
                        }
                        .font(.headline)
                        Divider().padding(.vertical, 8)
                        Button("End Session", role: .destructive) { model.endSessionButtonTapped() }
                    }
                }
                .sheet(isPresented: $model.isPickingPreset) { presetList }
                .confirmationDialog("End this session?", isPresented: $model.isConfirmingEnd) {
                    Button("End Session", role: .destructive) { model.endSessionConfirmed() }
                }
            } else {
                VStack(spacing: 12) {
                    Text("No active session").foregroundStyle(.secondary)
                    Button(model.isStarting ? "Starting…" : "Start Session") { model.startSessionTapped() }
                        .disabled(model.isStarting)
                }
            }
        }
        .sensoryFeedback(.success, trigger: logged)
        // Why the phone refused a log, in the watch's words; the optimistic count is already undone.
        .alert(Text(verbatim: model.problemMessage ?? ""), isPresented: problemShown) {
            Button("OK") { model.problemDismissed() }
        }
        .sensoryFeedback(.error, trigger: model.problemMessage) { _, new in new != nil }
    }

    private var problemShown: Binding<Bool> {
        Binding(get: { model.problemMessage != nil }, set: { if !$0 { model.problemDismissed() } })
    }

    private var summary: some View {
        let display = model.display
        return VStack(spacing: 2) {
            HStack(spacing: 8) {
                WatchGauge(gauge: display.gauge)
                // A text style, so the number follows the wearer's text size.
                Text(verbatim: display.gauge.valueText)
                    .font(.system(.largeTitle, design: .rounded, weight: .semibold))
                    .minimumScaleFactor(0.6)
                    .foregroundStyle(display.isWarning ? WatchPalette.warning : WatchPalette.calm)
                    .contentTransition(.numericText(value: display.waterlineValue))
            }
            Text("Drinks \(display.drinks) · Water \(display.water)").font(.footnote)
            if display.unconfirmed > 0 {
                Text("Sending to iPhone…").font(.caption2).foregroundStyle(.secondary)
            }
        }
        .accessibilityElement(children: .combine)
        .accessibilityLabel(display.gauge.accessibilityLabel)
    }

    private var presetList: some View {
        List(model.presets) { preset in
            Button {
                logged += 1
                model.presetTapped(preset)
            } label: {
                VStack(alignment: .leading) {
                    Text(verbatim: preset.name)
                    Text("\(WaterlineFormat.value(preset.standardDrinkEstimate)) std").font(.caption2).foregroundStyle(.secondary)
                }
            }
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(Text(verbatim: preset.chipAccessibilityLabel))
            .accessibilityAddTraits(.isButton)
        }
    }
}
