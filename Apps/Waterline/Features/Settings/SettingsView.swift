import SwiftUI
import UIKit
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// Settings: reminders, the Waterline, defaults, presets, discreet notifications, account.
struct SettingsView: View {
    @State var model: SettingsModel
    @Environment(AppEnvironment.self) private var environment
    @Environment(\.dismiss) private var dismiss
    @Environment(\.openURL) private var openURL
    @Environment(\.scenePhase) private var scenePhase
    @State private var addingPreset = false

    var body: some View {
        NavigationStack {
            Form {
                Section("Reminders") {
                    if let row = model.notificationRow {
                        notificationRow(row)
                    }
                    Toggle("Time-based reminders", isOn: binding(\.timeRemindersEnabled))
                    Picker("Every", selection: binding(\.timeReminderIntervalMinutes)) {
                        ForEach(UserSettings.reminderIntervalChoices, id: \.self) { Text("\($0) min").tag($0) }
                    }
                    Stepper(value: binding(\.waterEveryNDrinks), in: Limits.waterEveryNDrinks.wholeNumbers) {
                        Text("Water every \(model.settings.waterEveryNDrinks) drinks")
                    }
                    Toggle("Discreet notifications", isOn: binding(\.discreetNotifications))
                }
                Section("Waterline") {
                    Stepper(value: binding(\.warningThreshold), in: Limits.warningThreshold.wholeNumbers) {
                        Text("Warn at \(model.settings.warningThreshold)")
                    }
                }
                Section("Defaults") {
                    Stepper {
                        Text(verbatim: model.defaultWaterText)
                    } onIncrement: {
                        Task { await model.defaultWaterStepped(up: true) }
                    } onDecrement: {
                        Task { await model.defaultWaterStepped(up: false) }
                    }
                    Picker("Units", selection: binding(\.units)) {
                        Text("oz").tag(Units.oz)
                        Text("ml").tag(Units.ml)
                    }
                }
                Section {
                    ForEach(model.presets) { preset in
                        NavigationLink {
                            PresetEditorView(preset: preset, units: model.settings.units) { edited in Task { await model.presetEdited(edited) } }
                        } label: {
                            LabeledContent(preset.name, value: model.estimateText(for: preset))
                        }
                        .swipeActions(edge: .leading) {
                            if preset.id != model.presets.first?.id {
                                Button("Make Quick Drink") { Task { await model.presetMadeQuick(preset) } }
                                    .tint(Palette.calm)
                            }
                        }
                    }
                    .onDelete { offsets in
                        let presets = offsets.map { model.presets[$0] }
                        Task { for preset in presets { await model.presetDeleted(preset) } }
                    }
                    .onMove { offsets, destination in
                        Task { await model.presetsMoved(from: offsets, to: destination) }
                    }
                    Button("Add Preset") { addingPreset = true }
                } header: {
                    // Reordering shows its handles in edit mode.
                    HStack {
                        Text("Presets")
                        Spacer()
                        EditButton().font(.footnote)
                    }
                } footer: {
                    Text(verbatim: model.quickDrinkNote)
                }
                Section {
                    TextField("https://your-deployment.convex.cloud", text: $model.serverAddress)
                        .textContentType(.URL)
                        .keyboardType(.URL)
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                    Button("Use This Server") { model.serverAddressSubmitted() }
                    Button("Use the App's Server") { model.serverAddressReset() }
                } header: {
                    Text("Sync Server")
                } footer: {
                    Text(verbatim: model.serverMessage ?? model.syncServerStatus)
                }
                Section("Account") {
                    if !model.isSyncAvailable {
                        // No server: a sign-in could only fail.
                        Text(verbatim: model.syncServerStatus).font(.footnote)
                    } else if model.isSignedIn {
                        if let renewBy = environment.syncStatus.status.renewSignInBy {
                            Text("Your sign-in ends \(renewBy, style: .relative). Sign in again to keep syncing.")
                                .font(.footnote)
                            AccountSignInButton(account: environment.account) { Task { await model.appeared() } }
                        }
                        // Changes the backend refused: kept here, and sent again when asked.
                        if let refused = environment.syncStatus.refusedText {
                            Text(verbatim: refused).font(.footnote)
                            Button("Send Again") { Task { await environment.runtime.resendRefusedChanges() } }
                        }
                        Button("Sign Out") { Task { await model.signOutTapped() } }
                    } else {
                        Text("Sign in to back up your sessions and sync them. What you log stays on this iPhone either way.")
                            .font(.footnote)
                        AccountSignInButton(account: environment.account) { Task { await model.appeared() } }
                        if let error = environment.account.errorMessage {
                            Text(verbatim: error).foregroundStyle(Palette.warning)
                        }
                    }
                    Button("Delete Account", role: .destructive) { model.deleteAccountTapped() }
                }
                if let error = model.errorMessage {
                    Text(verbatim: error).foregroundStyle(Palette.warning)
                }
            }
            .navigationTitle("Settings")
            .toolbar { ToolbarItem(placement: .confirmationAction) { Button("Done") { dismiss() } } }
            .sheet(isPresented: $addingPreset) {
                NavigationStack {
                    PresetEditorView(preset: nil, units: model.settings.units) { preset in
                        Task {
                            await model.presetAdded(
                                name: preset.name, drinkType: preset.drinkType, sizeOz: preset.sizeOz, abv: preset.abv,
                                estimate: preset.standardDrinkEstimate
                            )
                        }
                    }
                }
            }
            .confirmationDialog(
                "Delete your account and every session?", isPresented: $model.isConfirmingAccountDeletion, titleVisibility: .visible
            ) {
                Button("Delete Everything", role: .destructive) { Task { await model.deleteAccountConfirmed() } }
            } message: {
                Text(verbatim: model.deletionWarning)
            }
            .onChange(of: model.accountDeleted) { _, deleted in
                if deleted {
                    environment.accountDeleted()
                    dismiss()
                }
            }
            .task {
                await model.appeared()
            }
            // Back from the system's Settings app, the answer may have changed.
            .onChange(of: scenePhase) { _, phase in
                if phase == .active { Task { await model.appeared() } }
            }
        }
    }

    /// Notifications as the person left them: on, never answered (ask), or off (the system's Settings).
    @ViewBuilder
    private func notificationRow(_ row: NotificationSettingsRow) -> some View {
        switch row.action {
        case .none:
            Label(row.text, systemImage: "bell")
        case .ask:
            Button {
                Task { await model.notificationRowTapped() }
            } label: {
                Label(row.text, systemImage: "bell.badge")
            }
        case .openSystemSettings:
            Button {
                if let url = URL(string: UIApplication.openSettingsURLString) { openURL(url) }
            } label: {
                Label(row.text, systemImage: "bell.slash")
            }
        }
    }

    /// A control bound to one setting: every change is saved at once (or refused, with a message).
    private func binding<Value>(_ keyPath: WritableKeyPath<UserSettings, Value>) -> Binding<Value> {
        Binding(
            get: { model.settings[keyPath: keyPath] },
            set: { value in model.settingChanged(keyPath, to: value) }
        )
    }
}

/// Adding or editing a preset: name, type, size, optional ABV, and its standard-drink value.
struct PresetEditorView: View {
    let preset: DrinkPreset?
    /// The person's units: the size reads and steps in them (it is kept in ounces).
    let units: Units
    let save: (DrinkPreset) -> Void
    @Environment(\.dismiss) private var dismiss
    @State private var name = ""
    @State private var type: DrinkType = .beer
    @State private var sizeOz = 12.0
    @State private var abv = 5.0
    @State private var estimate = 1.0

    var body: some View {
        Form {
            TextField("Name", text: $name)
            Picker("Type", selection: $type) {
                ForEach(DrinkType.allCases, id: \.self) { Text(verbatim: $0.displayName).tag($0) }
            }
            Stepper {
                Text("Size \(VolumeConversion.format(ounces: sizeOz, in: units))")
            } onIncrement: {
                sizeOz = VolumeStep.drinkSize.next(from: sizeOz, up: true, units: units)
            } onDecrement: {
                sizeOz = VolumeStep.drinkSize.next(from: sizeOz, up: false, units: units)
            }
            Stepper(value: $abv, in: 0...100, step: 0.5) { Text("ABV \(abv, format: .number)%") }
            Stepper(value: $estimate, in: 0...10, step: 0.25) {
                Text(verbatim: StandardDrinkText.countsAs(estimate))
            }
            Button("Use the estimate from size and ABV") {
                if let computed = try? StandardDrinks.estimate(sizeOz: sizeOz, abvPercent: abv) { estimate = computed }
            }
        }
        .navigationTitle(preset == nil ? "New Preset" : "Edit Preset")
        .toolbar {
            ToolbarItem(placement: .confirmationAction) {
                Button("Save") {
                    let base = preset ?? DrinkPreset(id: UUID(), userId: UUID(), name: "", drinkType: type, sizeOz: sizeOz, standardDrinkEstimate: estimate, updatedAt: Date())
                    var edited = base
                    edited.name = name
                    edited.drinkType = type
                    edited.sizeOz = sizeOz
                    edited.abv = abv
                    edited.standardDrinkEstimate = estimate
                    save(edited)
                    dismiss()
                }
                .disabled(name.trimmingCharacters(in: .whitespaces).isEmpty)
            }
        }
        .onAppear {
            guard let preset else { return }
            name = preset.name
            type = preset.drinkType
            sizeOz = preset.sizeOz
            abv = preset.abv ?? 0
            estimate = preset.standardDrinkEstimate
        }
    }
}
