import SwiftUI
import UIKit
import WaterlineCore
import WaterlineDesign
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
    @Environment(\.calendar) private var calendar
    @State private var addingPreset = false
    @State private var showingDeletionNote = false

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
                    Picker("Reminder style", selection: binding(\.reminderStyle)) {
                        Text("Sound and haptic").tag(ReminderStyle.soundAndHaptic)
                        Text("Haptic only").tag(ReminderStyle.hapticOnly)
                        Text("Silent").tag(ReminderStyle.silent)
                    }
                    Toggle("No reminders after a time", isOn: binding(\.remindersEndEnabled))
                    if model.settings.remindersEndEnabled {
                        DatePicker("No reminders after", selection: remindersEnd, displayedComponents: .hourAndMinute)
                    }
                }
                Section {
                    Toggle("Discreet notifications", isOn: binding(\.discreetNotifications))
                    Toggle("Hide counts on the Lock Screen", isOn: binding(\.hideLockScreenCounts))
                } header: {
                    Text("Privacy")
                } footer: {
                    Text("Discreet keeps drink words out of reminders and off the Lock Screen. The Lock Screen, Live Activity, Dynamic Island and watch face show your drink and water counts unless you hide them.")
                }
                Section("Waterline") {
                    Stepper(value: binding(\.warningThreshold), in: Limits.warningThreshold.wholeNumbers) {
                        Text("Warn at \(model.settings.warningThreshold)")
                    }
                }
                if model.offersHealth {
                    Section {
                        Toggle("Write to Apple Health", isOn: Binding(
                            get: { model.isWritingToHealth }, set: { on in Task { await model.healthToggled(on: on) } }
                        ))
                    } header: {
                        Text("Apple Health")
                    } footer: {
                        Text("Water as dietary water, drinks as the number of alcoholic beverages (standard drinks). Waterline reads nothing from Health.")
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
                            LabeledContent(preset.shownName, value: model.estimateText(for: preset))
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
                Section("Account") {
                    if !model.isSyncAvailable {
                        // No server: a sign-in could only fail, so the row says why there is none.
                        Label("Sync is off", systemImage: "icloud.slash")
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
                            Button("Send Again") { Task { await environment.runtime.handle(.resendRefusedChanges) } }
                        }
                        // Changes from the account this iPhone could not read: set aside, the rest synced.
                        if let setAside = environment.syncStatus.setAsideText {
                            Text(verbatim: setAside).font(.footnote)
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
                Section("Advanced") {
                    NavigationLink {
                        SelfHostingView(model: model)
                    } label: {
                        LabeledContent("Self-hosting", value: model.syncServerName)
                    }
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
                "Remove what Waterline wrote to Apple Health?", isPresented: $model.isConfirmingHealthRemoval, titleVisibility: .visible
            ) {
                Button("Remove from Health", role: .destructive) { Task { await model.healthRemovalAnswered(remove: true) } }
                Button("Keep in Health", role: .cancel) { Task { await model.healthRemovalAnswered(remove: false) } }
            }
            .confirmationDialog(
                "Delete your account and every session?", isPresented: $model.isConfirmingAccountDeletion, titleVisibility: .visible
            ) {
                Button("Delete Everything", role: .destructive) { Task { await model.deleteAccountConfirmed() } }
                if model.isWritingToHealth {
                    Button("Delete Everything, Health Data Too", role: .destructive) {
                        Task { await model.deleteAccountConfirmed(removingHealthData: true) }
                    }
                }
            } message: {
                Text(verbatim: model.deletionWarning)
            }
            .onChange(of: model.accountDeleted) { _, deleted in
                guard deleted else { return }
                // The Sign in with Apple link left to the person: said before the app starts over.
                if model.deletionNote != nil {
                    showingDeletionNote = true
                } else {
                    environment.accountDeleted()
                    dismiss()
                }
            }
            .alert("Account deleted", isPresented: $showingDeletionNote) {
                Button("OK") {
                    environment.accountDeleted()
                    dismiss()
                }
            } message: {
                Text(verbatim: model.deletionNote ?? "")
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

    /// "No reminders after": the minute of the day as a time picker shows it.
    private var remindersEnd: Binding<Date> {
        Binding(
            get: {
                let minute = model.settings.remindersEndMinute
                return calendar.date(bySettingHour: minute / 60, minute: minute % 60, second: 0, of: Date()) ?? Date()
            },
            set: { date in
                let parts = calendar.dateComponents([.hour, .minute], from: date)
                model.settingChanged(\.remindersEndMinute, to: (parts.hour ?? 0) * 60 + (parts.minute ?? 0))
            }
        )
    }

    /// A control bound to one setting: every change is saved at once (or refused, with a message).
    private func binding<Value>(_ keyPath: WritableKeyPath<UserSettings, Value>) -> Binding<Value> {
        Binding(
            get: { model.settings[keyPath: keyPath] },
            set: { value in model.settingChanged(keyPath, to: value) }
        )
    }
}
