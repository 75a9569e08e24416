import Foundation
import Observation
import WaterlineCore
import WaterlineStorage
import WaterlineSync

/// Everything the app does, with or without a window: it is the one door every change goes
/// through (`send(_:)`: the screens, intents, notification actions, the watch, widget and Live
/// Activity buttons, the in-app banner and the command line), and it answers the outside world:
/// launch, becoming active, a write by another process, a pull that changed records.
///
/// After every change it carries out every consequence from one place — reminders re-planned
/// (and those of a night that ended removed), the Live Activity, widgets, a word to the watch,
/// a sync, the open screens — from the state the change left, which the action returns, so
/// nothing is read twice. The watch runs one too, on its own store, with its phone as its
/// backend. The Apple code builds one at process launch and only forwards the system's
/// callbacks here; every call returns once its work is saved.
@Observable
@MainActor
public final class AppRuntime: SessionActions, NotificationPermissions {
    /// Open screens refresh through this after every change, from any process.
    public let changes = StoreChangeFeed()
    /// The banner shown in the app instead of a system notification.
    public let inAppReminders = InAppReminderModel()
    /// A screen to open, from a widget, the complication or a tapped notification.
    public private(set) var pendingLink: DeepLink?
    public private(set) var isActive = false

    @ObservationIgnored private let service: SessionService
    @ObservationIgnored private let process: RuntimeProcess
    @ObservationIgnored private let platform: RuntimePlatform
    @ObservationIgnored private let scheduler: SyncScheduler
    /// The time reminders scheduled last: what the in-app banner follows when notifications are off.
    @ObservationIgnored private var plan = ReminderPlan.none
    /// What the system shows now, so an unchanged plan or Live Activity is not sent again.
    @ObservationIgnored private var shownReminders: (sessionId: UUID, requests: [ReminderRequest])?
    @ObservationIgnored private var shownGlances: [UUID: SessionGlance] = [:]
    /// The running night's last water as shown last: a newer one answers a snooze.
    @ObservationIgnored private var shownLastWater: (sessionId: UUID, at: Date?)?
    /// The running night's logs shown last, so a sync's arrivals are known (on the watch, which
    /// buzzes for drinks logged on the phone while the phone cannot).
    @ObservationIgnored private var shownLogs: (sessionId: UUID, ids: Set<UUID>)?
    @ObservationIgnored private var shownVersion = Int.min
    @ObservationIgnored private var lastReminderCheck: Date?
    @ObservationIgnored private var authorization = NotificationAuthorization.notDetermined
    @ObservationIgnored private let applyGate = SerialGate()
    /// Background calls in progress, and whether one of them changed something to push first.
    @ObservationIgnored private var backgroundDepth = 0
    @ObservationIgnored private var pushBeforeSuspending = false
    /// Work asked for without waiting (a sync at launch or activation, a refresh when a reminder
    /// fell due), so `syncIdle()` can wait for it.
    @ObservationIgnored private var syncRequests: [Int: Task<Void, Never>] = [:]
    /// When the open app last looked for other devices' changes.
    @ObservationIgnored private var lastOpenSync: Date?
    @ObservationIgnored private var nextSyncRequest = 0

    /// While the app is open, another device's change (a night ended there) shows within this long.
    public static let openSyncInterval: TimeInterval = 60

    public init(service: SessionService, platform: RuntimePlatform, process: RuntimeProcess = .app) {
        self.service = service
        self.platform = platform
        self.process = process
        let relay = ReplacedRecordsRelay()
        scheduler = SyncScheduler(runner: platform.sync, debounce: platform.syncDebounce, sleep: platform.sleep) { await relay.forward() }
        relay.runtime = self
    }

    // MARK: The one door

    @discardableResult
    public func send(_ action: SessionAction) async throws -> ActionResult {
        // The system's question is asked only where the person asks for it (onboarding's "Enable
        // Notifications", the Settings row): after "Skip", reminders show in the app (US-035).
        try await holdingBackground(action.name) { try await self.act(action) }
    }

    // MARK: Reads

    public func currentState() async throws -> DeviceState { try await service.state() }

    public func session(id: UUID) async throws -> SessionSnapshot { try await service.session(id: id) }

    public func recentSessions(limit: Int) async throws -> [SessionSnapshot] { try await service.recentSessions(limit: limit) }

    public func history(after cursor: HistoryCursor?, limit: Int) async throws -> [Session] {
        try await service.history(after: cursor, limit: limit)
    }

    /// Nights, running or ended, newest first (the command line's lists).
    public func sessions(limit: Int? = nil) async throws -> [Session] { try await service.sessions(limit: limit) }

    /// What widgets show now (the widget extension's timeline reads this).
    public func widgetSnapshot() async throws -> WidgetSnapshot { try await service.widgetSnapshot() }

    public func now() -> Date { platform.now() }

    // MARK: Process and app lifecycle

    /// The process started, in front or in the background (called before launch finishes).
    /// Registers what must exist before any callback can arrive (the reminder category, the
    /// watch link) and pulls what changed elsewhere.
    public func launched() {
        platform.notifications.registerCategories()
        guard process == .app else { return }
        platform.watch.activate()
        requestSync(.launch)
    }

    /// The watch link finished activating: the watch is told to pull what it may have missed.
    public func watchLinkActivated() async {
        await tellWatch()
    }

    /// The app came to the front. Other processes may have written meanwhile, and a Live
    /// Activity the system would not start in the background is owed: bring everything up to
    /// date, then pull what changed elsewhere.
    public func becameActive() async {
        isActive = true
        lastReminderCheck = platform.now()
        lastOpenSync = platform.now()
        authorization = await platform.notifications.authorization()
        await reconcile(.activation)
        requestSync(.activation)
    }

    public func resignedActive() {
        isActive = false
    }

    /// Another process wrote to the shared store (a cross-process signal arrived).
    public func storeChangedElsewhere() async {
        await holdingBackground("store changed") { await self.reconcile(.elsewhere) }
    }

    /// The network's state changed; coming back online syncs what waited.
    public func networkChanged(isOnline: Bool) async {
        await scheduler.networkChanged(isOnline: isOnline)
    }

    /// A background app refresh: pulls and pushes, and returns when done.
    public func backgroundRefresh() async {
        await scheduler.syncNow(.backgroundRefresh)
    }

    /// "Send Again" beside the changes the backend refused: every one of them goes with the next
    /// push, which runs now; returns when it is done.
    public func resendRefusedChanges() async {
        guard await platform.sync.releaseRefusals() > 0 else { return }
        await scheduler.pushNow()
    }

    /// Pulls and pushes now for `reason` (signing in), and returns when done.
    public func syncNow(_ reason: SyncScheduler.Reason) async {
        await scheduler.syncNow(reason)
    }

    /// The reasons sync ran for, oldest first.
    public func syncHistory() async -> [SyncScheduler.Reason] {
        await scheduler.history
    }

    /// Returns once every sync asked for so far has run (and writes waiting for their pause
    /// have been pushed): for tests, and for a command that exits after its writes.
    public func syncIdle() async {
        while let request = syncRequests.values.first { await request.value }
        await scheduler.idle()
    }

    private func requestSync(_ reason: SyncScheduler.Reason) {
        let scheduler = scheduler
        request { await scheduler.syncNow(reason) }
    }

    /// Runs `work` soon, on the main actor, so a synchronous entry point can ask for it.
    private func request(_ work: @escaping @MainActor () async -> Void) {
        let id = nextSyncRequest
        nextSyncRequest += 1
        // Runs on the main actor after this returns, so it is registered before it can finish.
        syncRequests[id] = Task { [weak self] in
            await work()
            self?.syncRequests[id] = nil
        }
    }

    /// Every surface shows the store again as of now (a reminder fell due: "Next reminder" moves on
    /// to the next one, and the widgets and Live Activity with it).
    private func refreshSoon() {
        request { [weak self] in await self?.reconcile(.activation) }
    }

    // MARK: Entry points from the system

    /// A notification's action or tap. "Log Water" logs the default glass once, however often
    /// the response is delivered; a tap on the notification opens the running night.
    public func notificationResponseReceived(_ response: NotificationResponse) async {
        await holdingBackground("notification response") {
            switch response.actionIdentifier {
            case NotificationAction.logWater.rawValue:
                _ = try? await self.act(.logWater(source: self.platform.phone == nil ? .phone : .watch, id: response.logId))
            case NotificationAction.remindLater.rawValue:
                _ = try? await self.act(.remindLater)
            case NotificationResponse.defaultActionIdentifier:
                self.pendingLink = .activeSession
            default:
                break
            }
        }
    }

    /// A notification arrives while the app is in front: it is shown as the in-app banner
    /// (with Log Water) instead of the system's. Returns whether the system should show it too.
    public func notificationWillPresent(_ content: NotificationContent) -> Bool {
        inAppReminders.show(content)
        refreshSoon()
        return false
    }

    /// A message from the watch (on the phone): one of its sync calls, answered from this
    /// phone's store by the backend's rules (`WatchLinkServer`). What it changed is shown on every
    /// surface here and pushed on to the cloud. With `replying`, the watch waits for the answer,
    /// which this returns; a queued message (`transferUserInfo`) is only taken in.
    public func watchMessageReceived(_ data: Data, replying: Bool) async -> Data? {
        await holdingBackground("watch message") {
            guard let server = self.platform.watchLinkServer, case .call(let body)? = try? WatchMessage.decodeIfKnown(data) else { return nil }
            // The person is set up first (after "Delete Account" the next one is), so the watch
            // always learns whose records the phone holds.
            _ = try? await self.service.state()
            let (response, changed) = await server.answer(body)
            if changed { await self.reconcile(.watch) }
            return replying ? response : nil
        }
    }

    /// A message from the phone (on the watch): its records changed, so the watch pulls; its
    /// notice may move the reminders to the other device.
    public func phoneMessageReceived(_ data: Data) async {
        guard case .phoneChanged(let notice)? = try? WatchMessage.decodeIfKnown(data), await phoneLinkChanged({ $0.lastNotice = notice }) else { return }
        requestSync(.pairedDeviceChanged)
    }

    /// The phone came in or went out of reach (on the watch): reminders move to the device that
    /// will buzz for them, and what waited goes to the phone.
    public func phoneReachabilityChanged(isReachable: Bool) async {
        guard await phoneLinkChanged({ $0.isReachable = isReachable }) else { return }
        await scheduler.networkChanged(isOnline: isReachable)
    }

    /// Applies `change` to what the watch knows of its phone; when that moves the reminders to the
    /// other device, every surface is shown again. False on a device that has no phone (the phone).
    private func phoneLinkChanged(_ change: (PhoneLinkState) -> Void) async -> Bool {
        guard let phone = platform.phone else { return false }
        let owner = phone.reminderOwner
        change(phone)
        if phone.reminderOwner != owner { await reconcile(.activation) }
        return true
    }

    /// A quick intent (widget button, Live Activity button, Siri, Shortcuts), in this process.
    public func intentRequested(_ intent: QuickIntent, source: LogSource) async throws -> IntentOutcome {
        let activities = platform.liveActivities
        return try await IntentRunner(actions: self, liveActivityShows: { activities.runningSessionIds().contains($0) }).run(intent, source: source)
    }

    /// A URL the app was asked to open; remembered until a screen handles it.
    public func open(_ url: URL) {
        if let link = DeepLink(url: url) { pendingLink = link }
    }

    public func linkHandled() {
        pendingLink = nil
    }

    // MARK: In-app reminders

    /// Called now and then while the app is open (every ten seconds): a reminder of the plan that
    /// fell due since the last look moves every surface on to the next one, and shows as the in-app
    /// banner when notifications are off; once a minute (`openSyncInterval`) the app looks for
    /// other devices' changes, so a night ended elsewhere stops here while the app is open.
    public func foregroundTick() {
        guard isActive else { return }
        let now = platform.now()
        defer { lastReminderCheck = now }
        if now.timeIntervalSince(lastOpenSync ?? .distantPast) >= Self.openSyncInterval {
            lastOpenSync = now
            requestSync(.whileOpen)
        }
        guard let since = lastReminderCheck, let due = plan.due(after: since, through: now).last else { return }
        refreshSoon()
        guard authorization != .allowed else { return }
        inAppReminders.show(due.content)
    }

    /// "Log Water" on the in-app banner.
    public func bannerLogWaterTapped() async {
        inAppReminders.dismissTapped()
        _ = try? await send(.logWater(source: .phone))
    }

    // MARK: Notification permission

    public func notificationAuthorization() async -> NotificationAuthorization {
        authorization = await platform.notifications.authorization()
        return authorization
    }

    public func askForNotifications() async -> NotificationAuthorization {
        authorization = await platform.notifications.requestAuthorization()
        return authorization
    }


    // MARK: Consequences

    private enum Origin {
        /// An action in this process.
        case local
        /// Another process wrote to the shared store.
        case elsewhere
        /// A pull or a settled push replaced local records.
        case sync
        /// The app came to the front.
        case activation
        /// The paired watch's push changed records here.
        case watch
    }

    private func act(_ action: SessionAction) async throws -> ActionResult {
        let result = try await service.perform(action)
        await applyGate.run {
            if let nudge = result.nudge { await self.notifyNow(nudge) }
            if let snooze = result.snooze { await self.platform.notifications.schedule(snooze) }
            guard result.changed, await self.show(result.state, about: result.session, origin: .local) else { return }
            await self.changes.notify(StoreChange(state: result.state, session: result.session, pastSessionsChanged: result.pastSessionsChanged))
        }
        return result
    }

    /// Brings reminders, the Live Activity, widgets and the watch in line with the store, which
    /// another process or a pull may have changed; the open screens refresh.
    private func reconcile(_ origin: Origin) async {
        guard let state = try? await service.state() else { return }
        await applyGate.run {
            guard await self.show(state, about: nil, origin: origin) else { return }
            await self.changes.notify(StoreChange(state: state, pastSessionsChanged: true))
        }
    }

    /// Called by the scheduler after a sync replaced local records.
    fileprivate func syncReplacedRecords() async {
        await holdingBackground("sync changed records") { await self.reconcile(.sync) }
    }

    /// Makes every surface show `state` (the running night, settings, presets). `night` is the
    /// night the change was about, when known (an ended one's final Live Activity state). Runs
    /// inside `applyGate`, so the surfaces end in the state of the last change, and a state
    /// older than one already shown is never shown after it (false then).
    private func show(_ state: DeviceState, about night: SessionSnapshot?, origin: Origin) async -> Bool {
        guard state.version >= shownVersion else { return false }
        shownVersion = state.version
        await nudgeForArrivals(state, origin: origin)
        await showReminders(state)
        await showLiveActivity(state, about: night)
        platform.widgets.reloadAll()
        // The watch knows what it pushed; anything else it is told of, and pulls.
        if origin != .watch { await tellWatch() }
        switch origin {
        case .local where process == .app && !isActive, .watch where !isActive:
            // In the background the time may end any moment: pushed before it is handed back.
            pushBeforeSuspending = true
        case .local, .elsewhere, .watch:
            await scheduler.localChange()
            if origin == .local, process == .appExtension { platform.signal.post() }
        case .sync, .activation:
            break
        }
        return true
    }

    private func showReminders(_ state: DeviceState) async {
        let active = state.active
        // Those of a night that ended (here, on the watch, or on another device) go.
        for sessionId in await platform.notifications.sessionIdsWithReminders() where sessionId != active?.session.id {
            await platform.notifications.cancelAll(sessionId: sessionId)
        }
        plan = active?.reminders ?? .none
        guard let active else {
            shownReminders = nil
            return
        }
        // A water logged since "Remind Me in 10 Min" (here, on the watch, anywhere) answers it.
        let lastWater = active.logs.last { $0.type == .water }?.timestamp
        if let lastWater, shownLastWater?.sessionId != active.session.id || shownLastWater?.at != lastWater {
            await platform.notifications.cancelSnoozes(sessionId: active.session.id, answeredByWaterAt: lastWater)
        }
        shownLastWater = (active.session.id, lastWater)
        // On the watch, while the phone buzzes for them (mirrored to the wrist), none are planned
        // here; what was posted here (a drink's nudge) stays.
        let requests = platform.phone?.reminderOwner == .phone ? [] : active.reminders.requests
        if let shown = shownReminders, shown.sessionId == active.session.id, shown.requests == requests { return }
        await platform.notifications.replacePending(sessionId: active.session.id, with: requests)
        shownReminders = (active.session.id, requests)
    }

    /// Ends the Live Activity of a night no longer running, and updates (or starts, when it is
    /// missing: a night started in an extension's process) the running night's. A start the
    /// system refuses is made again at the next activation.
    private func showLiveActivity(_ state: DeviceState, about night: SessionSnapshot?) async {
        let activeId = state.active?.session.id
        for sessionId in platform.liveActivities.runningSessionIds() where sessionId != activeId {
            let ended = night?.session.id == sessionId ? night : try? await service.session(id: sessionId)
            let final = ended.map(state.glance(of:))
            await platform.liveActivities.end(sessionId: sessionId, finalState: final)
            shownGlances[sessionId] = nil
        }
        guard let active = state.active, let glance = state.activeGlance else { return }
        if platform.liveActivities.runningSessionIds().contains(active.session.id) {
            guard shownGlances[active.session.id] != glance else { return }
            await platform.liveActivities.update(glance)
        } else {
            guard await platform.liveActivities.start(glance) else { return }
        }
        shownGlances[active.session.id] = glance
    }

    /// On the watch while it owns the reminders: a drink logged on the phone and brought over by a
    /// pull buzzes here, as it would have there (`ArrivedLogNudge`). Logs seen before a process's
    /// first look at the night are not arrivals.
    private func nudgeForArrivals(_ state: DeviceState, origin: Origin) async {
        guard let active = state.active else {
            shownLogs = nil
            return
        }
        let ids = Set(active.logs.map(\.id))
        defer { shownLogs = (active.session.id, ids) }
        guard origin == .sync, platform.phone?.reminderOwner == .watch, let shown = shownLogs, shown.sessionId == active.session.id,
              let nudge = ArrivedLogNudge.nudge(night: active, arrived: ids.subtracting(shown.ids), settings: state.settings, now: platform.now())
        else { return }
        await notifyNow(nudge)
    }

    /// Tells the watch the phone's records changed (it pulls them), and whether this phone posts
    /// reminders, which the system mirrors to the wrist (so the watch posts none of its own).
    private func tellWatch() async {
        guard platform.watch.isAvailable else { return }
        authorization = await platform.notifications.authorization()
        platform.watch.phoneChanged(PhoneNotice(phonePostsReminders: authorization == .allowed))
    }

    /// A nudge right after a log, on the device the log was made on: a notification when this
    /// device may post one, the in-app banner while the app is open.
    private func notifyNow(_ request: ReminderRequest) async {
        // Asked each time: on a background launch nothing has asked yet.
        authorization = await platform.notifications.authorization()
        if authorization == .allowed {
            await platform.notifications.post(request)
        } else if isActive {
            inAppReminders.show(request.content)
        }
    }

    /// Holds the process while `work` runs in the background; a change it made is pushed before
    /// the time is handed back, so it reaches the backend even if the app is not opened again.
    private func holdingBackground<T>(_ name: String, _ work: () async throws -> T) async rethrows -> T {
        let token = platform.background.begin(name)
        backgroundDepth += 1
        defer {
            backgroundDepth -= 1
            platform.background.end(token)
        }
        let value = try await work()
        if backgroundDepth == 1, pushBeforeSuspending {
            pushBeforeSuspending = false
            await scheduler.pushNow()
        }
        return value
    }
}

/// Lets the scheduler, made in the runtime's initializer, reach the runtime once it exists.
@MainActor
private final class ReplacedRecordsRelay {
    weak var runtime: AppRuntime?

    func forward() async {
        await runtime?.syncReplacedRecords()
    }
}
