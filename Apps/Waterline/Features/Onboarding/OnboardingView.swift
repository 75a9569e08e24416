import SwiftUI
import WaterlineCore
import WaterlineDesign
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// Welcome → guardrail → Sign in with Apple → defaults → notifications → Apple Health. Shown once.
struct OnboardingView: View {
    @State var model: OnboardingModel
    @Environment(AppEnvironment.self) private var environment

    var body: some View {
        NavigationStack {
            VStack(spacing: Metrics.spacingL) {
                switch model.step {
                case .welcome: message(OnboardingModel.welcomeText, symbol: "drop.circle")
                case .guardrail: message(OnboardingModel.guardrailText, symbol: "hand.raised")
                case .signIn: signIn
                case .configure: ConfigureDefaultsForm(model: model)
                case .notifications: notifications
                case .health: healthOffer
                case .done: ProgressView()
                }
            }
            .padding()
            .animation(.default, value: model.step)
            .alert("Sign in didn't work", isPresented: signInFailed) {
                if environment.account.canRetrySignIn {
                    // Sends Apple's answer to the backend again (it was offline, or the server failed).
                    Button("Try Again") {
                        Task {
                            await environment.account.retrySignInTapped()
                            if environment.account.isSignedIn { await model.signedIn() }
                        }
                    }
                    Button("Cancel", role: .cancel) { environment.account.errorDismissed() }
                } else {
                    Button("OK") { environment.account.errorDismissed() }
                }
            } message: {
                Text(verbatim: environment.account.errorMessage ?? "")
            }
            .onChange(of: model.isFinished) { _, finished in
                if finished { environment.onboardingFinished() }
            }
        }
    }

    /// The sign-in step's error, while that step shows.
    private var signInFailed: Binding<Bool> {
        Binding(
            get: { model.step == .signIn && environment.account.errorMessage != nil },
            set: { if !$0 { environment.account.errorDismissed() } }
        )
    }

    private func message(_ text: String, symbol: String) -> some View {
        VStack(spacing: Metrics.spacingL) {
            Spacer()
            Image(systemName: symbol).font(Typography.illustration).imageScale(.large).foregroundStyle(Palette.calm)
            Text(LocalizedStringKey(text)).font(.title3).multilineTextAlignment(.center)
            Spacer()
            Button("Continue") { model.continueTapped() }
                .buttonStyle(.borderedProminent)
                .controlSize(.large)
        }
    }

    private var signIn: some View {
        VStack(spacing: Metrics.spacingM) {
            Spacer()
            Text("Sign in to keep your sessions safe across devices.").multilineTextAlignment(.center)
            AccountSignInButton(account: environment.account) {
                Task {
                    // A failure shows as the alert, from the account model's error.
                    if environment.account.isSignedIn { await model.signedIn() }
                }
            }
            Button("Continue without an account") { model.continueTapped() }
                .font(.subheadline)
            Spacer()
        }
    }

    private var notifications: some View {
        VStack(spacing: Metrics.spacingL) {
            Spacer()
            Image(systemName: "bell.badge").font(Typography.illustration).imageScale(.large).foregroundStyle(Palette.calm)
            Text(LocalizedStringKey(OnboardingModel.notificationsText)).multilineTextAlignment(.center)
            Spacer()
            Button("Enable Notifications") {
                Task { await model.enableNotificationsTapped() }
            }
            .buttonStyle(.borderedProminent)
            .controlSize(.large)
            Button("Skip") { model.notificationsSkipped() }
        }
    }

    private var healthOffer: some View {
        VStack(spacing: Metrics.spacingL) {
            Spacer()
            Image(systemName: "heart.text.square").font(Typography.illustration).imageScale(.large).foregroundStyle(Palette.calm)
            Text(verbatim: OnboardingModel.healthText).multilineTextAlignment(.center)
            Spacer()
            Button("Write to Apple Health") {
                Task { await model.healthAnswered(write: true) }
            }
            .buttonStyle(.borderedProminent)
            .controlSize(.large)
            Button("Not now") { Task { await model.healthAnswered(write: false) } }
        }
    }
}

/// Water every N drinks, time reminders and their interval, the warning threshold, units.
struct ConfigureDefaultsForm: View {
    @Bindable var model: OnboardingModel

    var body: some View {
        Form {
            Section("Reminders") {
                Stepper(value: Binding(get: { model.settings.waterEveryNDrinks }, set: { model.waterEveryStepped(to: $0) }), in: Limits.waterEveryNDrinks.wholeNumbers) {
                    Text("Water every \(model.settings.waterEveryNDrinks) drinks")
                }
                Toggle("Time-based reminders", isOn: $model.settings.timeRemindersEnabled)
                Picker("Every", selection: $model.settings.timeReminderIntervalMinutes) {
                    ForEach(UserSettings.reminderIntervalChoices, id: \.self) { Text("\($0) min").tag($0) }
                }
                .disabled(!model.settings.timeRemindersEnabled)
                // Quiet reminders are chosen here too, where reminders are first set up.
                Picker("Reminder style", selection: $model.settings.reminderStyle) {
                    Text("Sound and haptic").tag(ReminderStyle.soundAndHaptic)
                    Text("Haptic only").tag(ReminderStyle.hapticOnly)
                    Text("Silent").tag(ReminderStyle.silent)
                }
            }
            Section("Waterline") {
                Stepper(value: Binding(get: { model.settings.warningThreshold }, set: { model.thresholdStepped(to: $0) }), in: Limits.warningThreshold.wholeNumbers) {
                    Text("Warn at \(model.settings.warningThreshold)")
                }
            }
            Section("Units") {
                Picker("Units", selection: $model.settings.units) {
                    Text("oz").tag(Units.oz)
                    Text("ml").tag(Units.ml)
                }
                .pickerStyle(.segmented)
            }
            if let error = model.errorMessage {
                Text(verbatim: error).foregroundStyle(Palette.warning)
            }
            Button("Done") { Task { await model.configureDoneTapped() } }
                .frame(maxWidth: .infinity)
        }
    }
}
