import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Home, onboarding, settings and summary screens")
@MainActor
struct ScreenModelTests {
    @Test("Home: empty state, start, quick add, last five sessions")
    func home() async throws {
        let harness = try await ServiceHarness.prepared()
        let clock = harness.clock
        let app = DeviceProcess(harness, expecting: [.reminders, .nudge, .widgets, .watch, .sync, .screens])
        let home = HomeModel(actions: app.runtime, preferences: MemoryPreferences())
        await home.appeared()
        #expect(home.emptyStateText == "No sessions yet. When you head out, start one here." && !home.showsAllSessions)
        await home.startSessionButtonTapped()
        #expect(home.emptyStateText == "Your first session's summary shows here once it ends.", "the first session runs: not a blank list")
        #expect(!home.showsAllSessions, "All Sessions would open an empty list")
        #expect(home.startedSession != nil && !home.opensDrinkPicker)
        home.navigatedToSession()

        // "+ Drink" chooses, as on the session screen: it opens that screen with the picker, logging nothing.
        home.drinkButtonTapped()
        #expect(home.startedSession != nil && home.opensDrinkPicker)
        #expect(home.active?.state.totalAlcoholCount == 0)
        let screen = ActiveSessionModel(actions: app.runtime, pickingDrink: home.opensDrinkPicker)
        home.navigatedToSession()
        #expect(screen.isPickingDrink)
        await screen.appeared()
        await screen.presetChipTapped(try #require(screen.presets.first))
        #expect(home.active?.state.totalAlcoholCount == 1, "Home follows through the change feed")
        // "View Session" later opens the session's screen without the picker "+ Drink" asked for.
        home.viewSessionTapped()
        #expect(home.startedSession != nil && !home.opensDrinkPicker)
        home.navigatedToSession()

        // Water logs at once, with Undo.
        await home.waterButtonTapped()
        #expect(home.gauge?.valueText == "0")
        #expect(home.undo.offer?.log.type == .water)
        clock.advance(minutes: 3.0 / 60)
        await home.undoTapped()
        #expect(home.active?.state.totalWaterCount == 0 && home.undo.offer == nil)
        #expect(home.gauge?.valueText == "1")
        await home.waterButtonTapped()
        clock.advance(minutes: 6.0 / 60)
        home.undo.expired()
        #expect(home.undo.offer == nil, "gone after five seconds")

        // With VoiceOver the offer is held, and Undo still works later.
        await home.waterButtonTapped()
        home.undo.held()
        clock.advance(minutes: 1)
        home.undo.expired()
        await home.undoTapped()
        #expect(home.active?.state.totalWaterCount == 1)
        #expect(BannerTiming.autoDismissal(after: UndoOffer.duration, voiceOverRunning: true) == nil)
        #expect(BannerTiming.autoDismissal(after: UndoOffer.duration, voiceOverRunning: false) == UndoOffer.duration)

        // Home shows what went wrong.
        _ = try await harness.service.endSession()
        await home.waterButtonTapped()
        #expect(home.errorMessage == SessionServiceError.noActiveSession.description)
        home.errorDismissed()
        #expect(home.errorMessage == nil)
        _ = try await harness.service.startSession()
        for _ in 0..<6 {
            _ = try await harness.service.endSession()
            clock.advance(minutes: 60)
            _ = try await harness.service.startSession()
        }
        await home.appeared()
        #expect(home.recent.count == 5)
        #expect(home.active != nil)
    }

    @Test("Home: a session left running over 12 hours asks End Now or Keep Going; End Now ends it at its last log")
    func abandoned() async throws {
        let harness = try await ServiceHarness.prepared()
        let started = try await harness.service.startSession().snapshot
        harness.clock.advance(minutes: 4.5 * 60)
        try await harness.service.logWater(source: .phone)
        let lastLog = harness.clock.now
        harness.clock.advance(minutes: 8.5 * 60)
        let preferences = MemoryPreferences()
        let home = HomeModel(actions: DeviceProcess(harness, expecting: [.reminders, .widgets, .watch, .sync, .screens]).runtime, preferences: preferences)
        await home.appeared()
        #expect(home.abandonedPrompt?.message == "Your session has been running for 13 hours. End it?")
        await home.keepGoingTapped()
        #expect(preferences.keptGoingAt == harness.clock.now, "remembered between launches")
        let relaunched = HomeModel(actions: DeviceProcess(harness).runtime, preferences: preferences)
        await relaunched.appeared()
        #expect(relaunched.abandonedPrompt == nil, "a new launch remembers Keep Going")
        await home.appeared()
        #expect(home.abandonedPrompt == nil, "Keep Going quiets the prompt")
        await home.endNowTapped()
        #expect(home.active == nil)
        #expect(home.recent.count == 1)
        let ended = try await harness.service.session(id: started.session.id)
        #expect(ended.session.endTime == lastLog, "the session was 21:00 to its last log, not to this morning")
        #expect(ended.session.computedSummary?.durationSeconds == 4.5 * 3600)
        #expect(ended.session.updatedAt == harness.clock.now, "stamped now, so it wins over older versions elsewhere")
    }

    @Test("Onboarding walks welcome, guardrail, sign-in, defaults, notifications")
    func onboarding() async throws {
        let harness = ServiceHarness()
        let preferences = MemoryPreferences()
        let app = DeviceProcess(harness, expecting: [.widgets, .watch, .sync, .screens])
        let onboarding = OnboardingModel(actions: app.runtime, permissions: DeviceProcess(harness).runtime, preferences: preferences)
        #expect(OnboardingModel.welcomeText == "Waterline helps you pace and drink less by adding water breaks.")
        onboarding.continueTapped()
        #expect(onboarding.step == .guardrail)
        onboarding.continueTapped()
        #expect(onboarding.step == .signIn)
        try await harness.service.prepare()
        var account = try await harness.service.settings()
        account.waterEveryNDrinks = 3
        _ = try await harness.service.updateSettings(account)
        await onboarding.signedIn()
        #expect(onboarding.step == .configure)
        #expect(onboarding.settings.waterEveryNDrinks == 3, "the configure step starts from the account's settings")
        onboarding.continueTapped()
        #expect(onboarding.step == .configure, "defaults are confirmed with Done, not skipped")
        onboarding.waterEveryStepped(to: 0)
        #expect(onboarding.settings.waterEveryNDrinks == 1, "the stepper stops at 1")
        onboarding.waterEveryStepped(to: 2)
        onboarding.settings.timeReminderIntervalMinutes = 25
        await onboarding.configureDoneTapped()
        #expect(onboarding.errorMessage == "Please check the reminder interval (10, 15, 20, 30, 45 or 60 min).")
        #expect(onboarding.step == .configure)
        onboarding.settings.timeReminderIntervalMinutes = 30
        await onboarding.configureDoneTapped()
        #expect(onboarding.step == .notifications)
        #expect(try await harness.service.settings().waterEveryNDrinks == 2)
        #expect(try await harness.service.presets().count == 5)
        #expect(!preferences.hasFinishedOnboarding)
        onboarding.notificationsSkipped()
        #expect(onboarding.isFinished)
        #expect(preferences.hasFinishedOnboarding, "the next launch opens on Home")
    }

    @Test("Onboarding sets up quiet reminders where reminders are first set up: the first session's reminders tap, with no sound")
    func onboardingQuietReminders() async throws {
        let harness = ServiceHarness()
        let phone = DeviceProcess(harness, expecting: [.reminders, .widgets, .watch, .sync, .screens])
        let onboarding = OnboardingModel(actions: phone.runtime, permissions: phone.runtime, preferences: MemoryPreferences(), offersSignIn: false)
        onboarding.continueTapped()
        onboarding.continueTapped()
        #expect(onboarding.step == .configure)
        onboarding.settings.reminderStyle = .hapticOnly
        await onboarding.configureDoneTapped()
        #expect(try await harness.service.settings().reminderStyle == .hapticOnly)
        await onboarding.enableNotificationsTapped()
        try await phone.runtime.send(.startSession)
        await phone.settled()
        #expect(!phone.notifications.pending.isEmpty && phone.notifications.pending.values.allSatisfy { $0.content.style == .hapticOnly })
    }

    @Test("Settings save at once, refuse invalid values, manage presets, delete everything")
    func settings() async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        let app = DeviceProcess(harness, expecting: [.reminders, .widgets, .watch, .sync, .screens])
        let preferences = MemoryPreferences()
        preferences.hasFinishedOnboarding = true
        preferences.keptGoingAt = Fixed.start
        let settings = SettingsModel(actions: app.runtime, account: nil, permissions: app.runtime, preferences: preferences)
        await settings.appeared()
        #expect(!settings.isSignedIn)
        #expect(settings.deletionWarning.contains("only this iPhone"), "signed out, the dialog does not promise the server")
        let credentials = InMemoryCredentialStore(StoredCredential(token: "t", expiresAt: .distantFuture, userId: UUID(), appleUserId: nil))
        let client = ConvexClient(baseURL: URL(string: "http://127.0.0.1:9")!, token: { nil })
        let auth = AuthClient(client: client, credentials: credentials)
        let account = AccountService(auth: auth, runtime: app.runtime)
        let signedIn = SettingsModel(actions: app.runtime, account: account, permissions: app.runtime, preferences: MemoryPreferences())
        await signedIn.appeared()
        #expect(signedIn.isSignedIn && signedIn.deletionWarning.contains("and from the server"))
        var longer = settings.settings
        longer.timeReminderIntervalMinutes = 45
        let before = app.log.mark
        await settings.settingsEdited(longer)
        #expect(settings.settings.timeReminderIntervalMinutes == 45)
        #expect(app.log.surfaces(since: before).isSuperset(of: [.reminders, .watch, .widgets]), "a running session is re-planned, the watch and widgets told")
        #expect(app.notifications.pendingByDate.first?.fireDate == Fixed.at(minutes: 45))
        var invalid = settings.settings
        invalid.warningThreshold = 0
        await settings.settingsEdited(invalid)
        #expect(settings.errorMessage == "Please check the warning level (1 to 20).")
        #expect(settings.settings.warningThreshold == 2)
        await settings.presetAdded(name: "Cider", drinkType: .beer, sizeOz: 12, abv: 6, estimate: nil)
        #expect(settings.presets.count == 6)
        await settings.presetDeleted(try #require(settings.presets.last))
        #expect(settings.presets.count == 5)
        #expect(settings.notificationRow == NotificationSettingsRow(.allowed))
        settings.deleteAccountTapped()
        #expect(settings.isConfirmingAccountDeletion)
        await settings.deleteAccountConfirmed()
        #expect(settings.accountDeleted)
        #expect(!preferences.hasFinishedOnboarding && preferences.keptGoingAt == nil, "the next launch starts at onboarding")
        #expect(try await harness.store.user()?.settings == UserSettings(), "a new person with the defaults, nothing of the old one")
    }

    @Test("Summary after ending: totals, range, adherence; edits recompute; past sessions are read-only")
    func summary() async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        _ = try await harness.service.quickLog(.alcohol, source: .phone)
        harness.clock.advance(minutes: 5)
        _ = try await harness.service.quickLog(.water, source: .phone)
        harness.clock.advance(minutes: 60)
        let ended = try await harness.service.endSession().snapshot
        let app = DeviceProcess(harness, expecting: [.widgets, .watch, .sync, .screens])
        let summary = SummaryModel(update: ended, settings: UserSettings(), isEditable: true, actions: app.runtime)
        #expect(summary.durationText == "1 h 05 min")
        #expect(summary.adherenceText == "100%")
        #expect(summary.rangeText == "Ranged from 0 to +1")
        #expect(summary.waterVolumeText == "8 oz")
        await summary.logSwipedToDelete(try #require(summary.timeline.last))
        #expect(summary.report.summary.totalWaterCount == 0)
        #expect(summary.adherenceText == "—", "one drink and nothing after: no break was missed")

        let past = SummaryModel(update: summary.update, settings: UserSettings(), isEditable: false, actions: app.runtime)
        await past.logSwipedToDelete(try #require(past.timeline.first))
        #expect(past.report.summary.totalAlcoholCount == 1)
    }

    @Test("Settings: rapid stepper taps each count, from the value the last one showed, and the last one is what is saved")
    func rapidSteps() async throws {
        let harness = try await ServiceHarness.prepared()
        let app = DeviceProcess(harness, expecting: [.widgets, .watch, .sync, .screens])
        let settings = SettingsModel(actions: app.runtime, account: nil, permissions: app.runtime, preferences: MemoryPreferences())
        await settings.appeared()
        #expect(settings.settings.waterEveryNDrinks == 1)
        // Three taps of "+" before the first save comes back: each reads what the screen shows.
        for _ in 0..<3 { settings.settingChanged(\.waterEveryNDrinks, to: settings.settings.waterEveryNDrinks + 1) }
        #expect(settings.settings.waterEveryNDrinks == 4, "no tap dropped")
        await settings.saved()
        #expect(settings.settings.waterEveryNDrinks == 4)
        #expect(try await harness.service.settings().waterEveryNDrinks == 4, "the last one saved")
        // A refused value says why and the saved one comes back.
        settings.settingChanged(\.warningThreshold, to: 0)
        await settings.saved()
        #expect(settings.errorMessage != nil && settings.settings.warningThreshold == 2)
    }
}
