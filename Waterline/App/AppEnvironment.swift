import Foundation
import Observation
import SwiftData
import UserNotifications
import WaterlineData
import WaterlineKit

/// Every live dependency, built once at process launch by `AppDelegate` (with or without a
/// window), wired to the kit's runtime; views get screen models from here.
@Observable
@MainActor
final class AppEnvironment {
    let runtime: AppRuntime
    let store: SwiftDataSessionStore
    let credentials: KeychainCredentialStore
    let auth: AuthClient
    let sync: SyncEngine
    let syncStatus: SyncStatusModel
    let account: AccountModel
    let notifications: SystemNotificationCenter
    let preferences: AppPreferences
    var isOnboarded: Bool
    @ObservationIgnored private let notificationDelegate: NotificationDelegate
    @ObservationIgnored private let watch: WatchConnectivityService
    @ObservationIgnored private let storeSignal: DarwinStoreSignal
    @ObservationIgnored let syncScheduler: SyncScheduler
    @ObservationIgnored private let network: NetworkPathWatcher

    var service: SessionService { runtime.service }

    /// - Parameter inMemory: a store that lives only as long as the process (previews).
    init(inMemory: Bool = false) throws {
        // Built as locals first: a class may not read its own properties before all are set.
        let store = SwiftDataSessionStore(modelContainer: try WaterlineContainer.make(inMemory: inMemory))
        let credentials = KeychainCredentialStore()
        let preferences = AppPreferences()
        let status = SyncStatusModel()
        let client = ConvexClient(baseURL: preferences.backendURL, token: { await credentials.validToken(at: Date()) })
        let sync = SyncEngine(
            store: store, client: client, credentials: credentials, onStatus: { update in Task { @MainActor in status.update(update) } }
        )
        let notifications = SystemNotificationCenter()
        let watch = WatchConnectivityService()
        let storeSignal = DarwinStoreSignal()
        // Every reason to sync (writes, the network, launch, sign-in, background refresh) asks here.
        let scheduler = SyncScheduler(drain: { await sync.drain() }, pull: { await sync.pull() })
        let platform = RuntimePlatform(
            notifications: notifications, liveActivities: LiveActivityController(), widgets: SystemWidgetReloader(),
            watch: watch, sync: SyncEngineTrigger(scheduler: scheduler), signal: storeSignal, background: AppBackgroundTasks()
        )
        let runtime = AppRuntime(service: SessionService(store: store), platform: platform, process: .app)

        self.runtime = runtime
        self.store = store
        self.credentials = credentials
        self.preferences = preferences
        self.syncStatus = status
        self.notifications = notifications
        let auth = AuthClient(client: client, credentials: credentials)
        self.auth = auth
        self.account = AccountModel(auth: auth, store: store, service: runtime.service, effects: runtime, sync: { await sync.pull() })
        self.sync = sync
        self.watch = watch
        self.storeSignal = storeSignal
        self.syncScheduler = scheduler
        self.network = NetworkPathWatcher(scheduler: scheduler)
        self.notificationDelegate = NotificationDelegate(runtime: runtime)
        self.isOnboarded = preferences.hasFinishedOnboarding
    }

    /// Hooks every entry point to the runtime; called from `didFinishLaunching`, before the
    /// system delivers a notification response, a watch message or an intent.
    func connect() {
        UNUserNotificationCenter.current().delegate = notificationDelegate
        watch.runtime = runtime
        let runtime = runtime
        storeSignal.observe { Task { await runtime.storeChangedElsewhere() } }
        // Widget buttons and the Live Activity run their intents in this process, on this runtime.
        IntentServices.register(runtime)
        BackgroundSync.register(scheduler: syncScheduler)
        runtime.launched()
        let scheduler = syncScheduler
        Task { await scheduler.drainNow(.launch) }
    }

    func onboardingFinished() {
        preferences.hasFinishedOnboarding = true
        isOnboarded = true
    }

    func accountDeleted() {
        preferences.hasFinishedOnboarding = false
        isOnboarded = false
    }

    // MARK: Screen models

    func homeModel() -> HomeModel {
        HomeModel(service: service, effects: runtime, keptGoingAt: preferences.keptGoingAt, changes: runtime.changes)
    }

    func activeSessionModel() -> ActiveSessionModel {
        ActiveSessionModel(service: service, effects: runtime, changes: runtime.changes)
    }

    func onboardingModel() -> OnboardingModel {
        OnboardingModel(service: service)
    }

    func settingsModel() -> SettingsModel {
        SettingsModel(service: service, effects: runtime, auth: auth)
    }

    func historyModel() -> HistoryModel {
        HistoryModel(service: service)
    }

    func summaryModel(for update: SessionUpdate, settings: UserSettings, editable: Bool) -> SummaryModel {
        SummaryModel(update: update, settings: settings, isEditable: editable, service: service, effects: runtime)
    }
}
