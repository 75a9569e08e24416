import Foundation
import Observation
import SwiftData
import WaterlineData
import WaterlineKit

/// Every live dependency, built once at launch and handed down; views get screen models from here.
@Observable
@MainActor
final class AppEnvironment {
    let container: ModelContainer
    let service: SessionService
    let store: SwiftDataSessionStore
    let credentials: KeychainCredentialStore
    let auth: AuthClient
    let sync: SyncEngine
    let syncStatus: SyncStatusModel
    let notifications: NotificationScheduler
    let effects: LiveEffectHandler
    let preferences: AppPreferences
    let watch: WatchConnectivityService
    /// The reminder shown as a banner while the app is open.
    var inAppReminder: NotificationContent?
    var isOnboarded: Bool

    init() throws {
        // Built as locals first: a class may not read its own properties before all are set.
        let container = try WaterlineContainer.make()
        let store = SwiftDataSessionStore(modelContainer: container)
        let credentials = KeychainCredentialStore()
        let preferences = AppPreferences()
        let status = SyncStatusModel()
        let notifications = NotificationScheduler()
        let client = ConvexClient(baseURL: preferences.backendURL, token: { await credentials.validToken(at: Date()) })
        let sync = SyncEngine(store: store, client: client, onStatus: { update in Task { @MainActor in status.update(update) } })

        self.container = container
        self.store = store
        let service = SessionService(store: store)
        self.service = service
        self.credentials = credentials
        self.preferences = preferences
        self.syncStatus = status
        self.notifications = notifications
        self.auth = AuthClient(client: client, credentials: credentials)
        self.sync = sync
        let effects = LiveEffectHandler(notifications: notifications, liveActivity: LiveActivityController())
        self.effects = effects
        self.watch = WatchConnectivityService(handler: WatchMessageHandler(service: service, effects: effects))
        self.isOnboarded = preferences.hasFinishedOnboarding

        let watch = watch
        effects.afterEffects = { effects in
            for case .notifyNow(let reminder) in effects { watch.forward(reminder) }
            await watch.pushSnapshot()
            // Local first: the change is saved; the push happens after and may wait for the network.
            Task { await sync.drain() }
        }
        notifications.logWaterFromNotification = { [weak self] in
            guard let self else { return }
            if let update = try? await self.service.logWater(source: .phone) {
                await self.effects.perform(update.effects)
            }
        }
        notifications.showInAppBanner = { [weak self] content in self?.inAppReminder = content }
        // Widget buttons and the Live Activity run their intents in this process, on this service.
        IntentServices.register(service: service, effects: effects)
    }

    func onboardingFinished() {
        preferences.hasFinishedOnboarding = true
        isOnboarded = true
    }

    func accountDeleted() {
        preferences.hasFinishedOnboarding = false
        isOnboarded = false
    }

    /// The app came to the front: other processes (widgets, intents) may have written meanwhile,
    /// so the running session's reminders and Live Activity are brought up to date, then synced.
    func becameActive() async {
        if let update = try? await service.activeSession() {
            await effects.perform([
                .replaceReminders(sessionId: update.session.id, requests: update.reminders.requests),
                .updateLiveActivity(update.liveActivityState),
            ])
        }
        await sync.drain()
    }

    // MARK: Screen models

    func homeModel() -> HomeModel {
        HomeModel(service: service, effects: effects, keptGoingAt: preferences.keptGoingAt)
    }

    func activeSessionModel() -> ActiveSessionModel {
        ActiveSessionModel(service: service, effects: effects)
    }

    func onboardingModel() -> OnboardingModel {
        OnboardingModel(service: service)
    }

    func settingsModel() -> SettingsModel {
        SettingsModel(service: service, effects: effects, auth: auth)
    }

    func summaryModel(for update: SessionUpdate, settings: UserSettings, editable: Bool) -> SummaryModel {
        SummaryModel(update: update, settings: settings, isEditable: editable, service: service, effects: effects)
    }
}
