import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// "Skip" on onboarding's notification step must not turn reminders off for good: the question
/// comes back when the first session starts, and Settings has a row for every answer.
@Suite("Scenario: the notification question after Skip")
@MainActor
struct NotificationPermissionScenarioTests {
    func onboardedSkipping(_ phone: DeviceProcess, _ harness: ServiceHarness) async throws {
        let onboarding = OnboardingModel(actions: phone.runtime, permissions: phone.runtime, preferences: MemoryPreferences())
        onboarding.continueTapped()
        onboarding.continueTapped()
        onboarding.continueTapped()
        await onboarding.configureDoneTapped()
        #expect(onboarding.step == .notifications)
        onboarding.notificationsSkipped()
        #expect(onboarding.isFinished)
    }

    @Test("skipped: no system question when the first session starts, reminders show in the app; Settings asks, and follows the answer")
    func skippedMeansInApp() async throws {
        let harness = ServiceHarness()
        let phone = DeviceProcess(
            harness, notifications: RecordingNotificationCenter(answer: .notDetermined),
            expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens]
        )
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.becameActive)
        try await onboardedSkipping(phone, harness)
        #expect(phone.notifications.questionsShown == 0, "Skip asks nothing")

        let settings = SettingsModel(actions: phone.runtime, account: nil, permissions: phone.runtime, preferences: MemoryPreferences())
        await settings.appeared()
        #expect(settings.notificationRow?.action == .ask, "Settings offers the question, not nothing")
        #expect(settings.notificationRow?.text == "Turn on notifications for reminders while Waterline is closed")

        let home = HomeModel(actions: phone.runtime, preferences: MemoryPreferences())
        await home.appeared()
        await home.startSessionButtonTapped()
        #expect(phone.notifications.questionsShown == 0, "Skip meant: reminders in the app only, no system prompt later")
        let session = try #require(try await harness.store.activeSession())
        #expect(phone.notifications.pending.isEmpty && phone.notifications.refused > 0, "handed to the system, which refuses them while not allowed")
        // A reminder of the session's plan falling due with the app open shows as the banner.
        let due = try #require(try await phone.runtime.reader.currentState().active?.reminders.requests.first)
        harness.clock.set(due.fireDate.addingTimeInterval(1))
        await phone.runtime.handle(.foregroundTick)
        await phone.settled()
        #expect(phone.runtime.inAppReminders.banner == due.content)
        #expect(due.sessionId == session.id)

        // The person turns them on from Settings: the question, and the row follows.
        await settings.notificationRowTapped()
        #expect(phone.notifications.questionsShown == 1)
        #expect(phone.notifications.pendingByDate.first?.fireDate == due.fireDate.addingTimeInterval(20 * 60), "allowed mid-session: the rest of the session's reminders are pending at once")
        await settings.appeared()
        #expect(settings.notificationRow == NotificationSettingsRow(.allowed))
        #expect(settings.notificationRow?.action == NotificationSettingsRow.Action.none)
    }

    @Test("a session started in the background (Siri, the watch) or in the app shows no question unbidden")
    func notInTheBackground() async throws {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(
            harness, notifications: RecordingNotificationCenter(answer: .notDetermined),
            expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens]
        )
        await phone.runtime.handle(.launched)
        _ = try await phone.runtime.handle(.intent(.startSession, source: .phone))
        #expect(phone.notifications.questionsShown == 0, "the system shows no question to an app in the background")
        _ = try await phone.runtime.send(.endSession(sessionId: nil))
        await phone.runtime.handle(.becameActive)
        _ = try await phone.runtime.send(.startSession)
        #expect(phone.notifications.questionsShown == 0)
    }

    @Test("a session already running asks nothing when Start is tapped again")
    func onlyANewSession() async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        let phone = DeviceProcess(
            harness, notifications: RecordingNotificationCenter(answer: .notDetermined),
            expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens]
        )
        await phone.runtime.handle(.becameActive)
        _ = try await phone.runtime.send(.startSession)
        #expect(phone.notifications.questionsShown == 0)
    }

    @Test("refused: no question, and Settings points to the system's Settings; Settings' own ask records a no")
    func denied() async throws {
        let harness = try await ServiceHarness.prepared()
        let refused = DeviceProcess(
            harness, notifications: RecordingNotificationCenter(answer: .denied),
            expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens]
        )
        await refused.runtime.handle(.becameActive)
        _ = try await refused.runtime.send(.startSession)
        #expect(refused.notifications.questionsShown == 0)
        let settings = SettingsModel(actions: refused.runtime, account: nil, permissions: refused.runtime, preferences: MemoryPreferences())
        await settings.appeared()
        #expect(settings.notificationRow?.action == .openSystemSettings)
        #expect(settings.notificationRow?.text == "Notifications disabled")
        await settings.notificationRowTapped()
        #expect(refused.notifications.questionsShown == 0, "a refused question cannot be shown again")

        let undecided = RecordingNotificationCenter(answer: .notDetermined)
        undecided.answerWhenAsked = .denied
        let phone = DeviceProcess(harness, notifications: undecided, expecting: [.reminders, .widgets, .watch, .screens])
        let fromSettings = SettingsModel(actions: phone.runtime, account: nil, permissions: phone.runtime, preferences: MemoryPreferences())
        await fromSettings.appeared()
        await fromSettings.notificationRowTapped()
        #expect(undecided.questionsShown == 1)
        #expect(fromSettings.notificationRow?.action == .openSystemSettings)
    }

    @Test("Enable Notifications on onboarding shows the question and finishes")
    func enableOnOnboarding() async throws {
        let harness = ServiceHarness()
        let phone = DeviceProcess(harness, notifications: RecordingNotificationCenter(answer: .notDetermined), expecting: [.widgets, .watch, .sync, .screens])
        let onboarding = OnboardingModel(actions: phone.runtime, permissions: phone.runtime, preferences: MemoryPreferences())
        for _ in 0..<3 { onboarding.continueTapped() }
        await onboarding.configureDoneTapped()
        await onboarding.enableNotificationsTapped()
        #expect(phone.notifications.questionsShown == 1 && onboarding.isFinished)
        #expect(await phone.runtime.notificationAuthorization() == .allowed)
    }
}
