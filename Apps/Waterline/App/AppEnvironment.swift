import Foundation
import Observation
import SwiftData
import UIKit
import UserNotifications
import WaterlineAPI
import WaterlineCore
import WaterlineData
import WaterlineRuntime
import WaterlineScreens
import WaterlineSync
import WaterlineSystem

/// Every live dependency, built once at process launch by `AppDelegate` (with or without a
/// window), wired to the kit's runtime; views get screen models from here, each holding the
/// runtime's one door (`SessionActions`), never the service or the store: the store and the
/// credentials are handed to what owns them here and kept nowhere else.
@Observable
@MainActor
final class AppEnvironment {
    let runtime: AppRuntime
    let accountService: AccountService
    let syncStatus: SyncStatusModel
    let account: AccountModel
    @ObservationIgnored private let preferences: any DevicePreferences
    /// Where sync goes, or nowhere: then no sign-in is offered.
    let backend = BackendPreferences()
    var isOnboarded: Bool
    @ObservationIgnored private let notificationDelegate: NotificationDelegate
    @ObservationIgnored private let watch: WatchConnectivityService
    @ObservationIgnored private let storeSignal: DarwinStoreSignal
    /// Hears the phone being unlocked (`connect()`).
    @ObservationIgnored private var unlockObserver: (any NSObjectProtocol)?
    @ObservationIgnored private let network: NetworkPathWatcher
    @ObservationIgnored private var liveActivityWatcher: Task<Void, Never>?

    /// - Parameter inMemory: a store that lives only as long as the process (previews).
    init(inMemory: Bool = false) throws {
        // Built as locals first: a class may not read its own properties before all are set.
        let store = SwiftDataSessionStore(modelContainer: try WaterlineContainer.make(inMemory: inMemory))
        let credentials = KeychainCredentialStore()
        let preferences = UserDefaultsPreferences(defaults: UserDefaults(suiteName: "group.com.waterline.app") ?? .standard)
        // Every call goes to the server chosen at that moment (Settings may change it); with none,
        // nothing leaves the device.
        let client = ConvexClient(
            baseURL: RoutedTransport.placeholderBase, transport: RoutedTransport(base: { BackendPreferences.current() }),
            token: { await credentials.validToken(at: Date()) }
        )
        let sync = SyncEngine(store: store, client: client, credentials: credentials)
        let notifications = SystemNotificationCenter()
        let watch = WatchConnectivityService()
        let storeSignal = DarwinStoreSignal()
        // Apple Health, off until the person turns it on in Settings; this process alone writes.
        let health = HealthWriter(
            store: store, health: HealthKitStore(),
            preferences: UserDefaultsHealthPreferences(defaults: UserDefaults(suiteName: "group.com.waterline.app") ?? .standard)
        )
        // Every reason to sync (writes, the network, launch, activation, sign-in, background
        // refresh) asks the runtime, whose scheduler runs this one engine.
        // The watch keeps its own store and syncs with this phone's as its backend.
        let platform = RuntimePlatform(
            capabilities: .phoneApp, notifications: notifications, liveActivities: LiveActivityController(), widgets: SystemWidgetReloader(),
            watch: watch, sync: sync, signal: storeSignal, background: AppBackgroundTasks(),
            watchLinkServer: WatchLinkServer(store: store, ledger: FileLedgerStorage.applicationSupport(named: "watch-deliveries.json"), now: { Date() }),
            health: health, focusFilter: { FocusFilterStore.load() }, report: { SystemDeviceReport.current() }
        )
        let runtime = AppRuntime(service: SessionService(store: store), platform: platform)
        // Signing in writes through the runtime (the engine's account, the sync after), like every change.
        let accountService = AccountService(auth: AuthClient(client: client, credentials: credentials), runtime: runtime)

        self.runtime = runtime
        self.preferences = preferences
        // The status reaches the screens through the runtime, which runs every sync.
        self.syncStatus = SyncStatusModel(actions: runtime)
        self.accountService = accountService
        self.account = AccountModel(account: accountService)
        self.watch = watch
        self.storeSignal = storeSignal
        self.network = NetworkPathWatcher(runtime: runtime)
        self.notificationDelegate = NotificationDelegate(runtime: runtime)
        self.isOnboarded = preferences.hasFinishedOnboarding
    }

    /// Hooks every entry point to the runtime; called from `didFinishLaunching`, before the
    /// system delivers a notification response, a watch message or an intent.
    func connect() {
        UNUserNotificationCenter.current().delegate = notificationDelegate
        watch.runtime = runtime
        let runtime = runtime
        storeSignal.observe { Task { await runtime.handle(.storeChangedElsewhere) } }
        // Unlocked: Health's samples a locked phone could not take are written now.
        unlockObserver = NotificationCenter.default.addObserver(
            forName: UIApplication.protectedDataDidBecomeAvailableNotification, object: nil, queue: .main
        ) { @Sendable _ in
            Task { await runtime.handle(.unlocked) }
        }
        // Live Activities turned on or off in Settings: everything is shown again as they allow.
        liveActivityWatcher = SystemDeviceReport.watchLiveActivities(runtime: runtime)
        // Widget buttons and the Live Activity run their intents in this process, on this runtime.
        IntentServices.register(runtime)
        BackgroundSync.register(runtime: runtime)
        // Registers the reminder category, opens the watch link and pulls what changed elsewhere,
        // at the main actor's next turn: ahead of any callback the system queues after launch,
        // whose handler (the notification delegate's among them) waits behind it on this actor.
        Task { await runtime.handle(.launched) }
    }

    /// The onboarding model has remembered it; the app shows Home.
    func onboardingFinished() {
        isOnboarded = true
    }

    /// The settings model has forgotten the person; the app shows onboarding.
    func accountDeleted() {
        isOnboarded = false
    }

    // MARK: Screen models

    func homeModel() -> HomeModel {
        HomeModel(actions: runtime, preferences: preferences)
    }

    func activeSessionModel(pickingDrink: Bool = false) -> ActiveSessionModel {
        ActiveSessionModel(actions: runtime, pickingDrink: pickingDrink)
    }

    func onboardingModel() -> OnboardingModel {
        OnboardingModel(
            actions: runtime, permissions: runtime, preferences: preferences, offersSignIn: backend.backendURL != nil,
            health: runtime.healthSwitch
        )
    }

    func settingsModel() -> SettingsModel {
        // Health is offered only where the device has it (`DeviceReport`).
        SettingsModel(
            actions: runtime, account: accountService, permissions: runtime, preferences: preferences, backend: backend,
            health: runtime.healthSwitch
        )
    }

    func historyModel() -> HistoryModel {
        HistoryModel(actions: runtime)
    }

    func summaryModel(for update: SessionSnapshot, settings: UserSettings, editable: Bool) -> SummaryModel {
        SummaryModel(update: update, settings: settings, isEditable: editable, actions: runtime)
    }
}
