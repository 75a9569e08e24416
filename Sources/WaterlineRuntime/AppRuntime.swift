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
/// (and those of a night that ended removed), the Live Activity, widgets, the watch's snapshot,
/// a sync, the open screens — from the state the change left, which the action returns, so
/// nothing is read twice. The Apple code builds one at process launch and only forwards the
/// system's callbacks here; every call returns once its work is saved.
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
    @ObservationIgnored private var watchInbox = WatchInbox()
    /// The time reminders scheduled last: what the in-app banner follows when notifications are off.
    @ObservationIgnored private var plan = ReminderPlan.none
    /// What the system shows now, so an unchanged plan or Live Activity is not sent again.
    @ObservationIgnored private var shownReminders: (sessionId: UUID, requests: [ReminderRequest])?
    @ObservationIgnored private var shownGlances: [UUID: SessionGlance] = [:]
    @ObservationIgnored private var shownWatch: WatchSnapshot?
    @ObservationIgnored private var shownVersion = Int.min
    @ObservationIgnored private var lastReminderCheck: Date?
    @ObservationIgnored private var authorization = NotificationAuthorization.notDetermined
    @ObservationIgnored private let applyGate = SerialGate()
    /// Background calls in progress, and whether one of them changed something to push first.
    @ObservationIgnored private var backgroundDepth = 0
    @ObservationIgnored private var pushBeforeSuspending = false
    /// Sync requests made without waiting (launch, activation), so `syncIdle()` can wait for them.
    @ObservationIgnored private var syncRequests: [Int: Task<Void, Never>] = [:]
    @ObservationIgnored private var nextSyncRequest = 0

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
        let result = try await holdingBackground(action.name) { try await self.act(action, answeringWatch: false) }
        if case .startSession = action, result.changed { await askAtNightStart() }
        return result
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

    /// The watch link finished activating: the watch gets the state as it stands.
    public func watchLinkActivated() async {
        guard let state = try? await service.state() else { return }
        pushWatch(state, force: true)
    }

    /// The app came to the front. Other processes may have written meanwhile, and a Live
    /// Activity the system would not start in the background is owed: bring everything up to
    /// date, then pull what changed elsewhere.
    public func becameActive() async {
        isActive = true
        lastReminderCheck = platform.now()
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
        let id = nextSyncRequest
        nextSyncRequest += 1
        // Runs on the main actor after this returns, so it is registered before it can finish.
        syncRequests[id] = Task { [weak self] in
            await scheduler.syncNow(reason)
            self?.syncRequests[id] = nil
        }
    }

    // MARK: Entry points from the system

    /// A notification's action or tap. "Log Water" logs the default glass once, however often
    /// the response is delivered; a tap on the notification opens the running night.
    public func notificationResponseReceived(_ response: NotificationResponse) async {
        await holdingBackground("notification response") {
            switch response.actionIdentifier {
            case NotificationAction.logWater.rawValue:
                _ = try? await self.act(.logWater(source: .phone, id: response.logId), answeringWatch: false)
            case NotificationAction.remindLater.rawValue:
                _ = try? await self.act(.remindLater, answeringWatch: false)
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
        return false
    }

    /// A message from the watch (a log, a start, an end). With `replying`, the watch waits for
    /// the answer, which this returns (the snapshot, saying which requests were refused and why)
    /// and no application context is sent besides; without, the snapshot goes as the context.
    public func watchMessageReceived(_ data: Data, replying: Bool) async -> Data? {
        await holdingBackground("watch message") {
            guard let message = try? WatchMessage.decodeIfKnown(data) else { return nil }
            var state: DeviceState?
            var refused = false
            if let action = self.watchInbox.action(for: message, receivedAt: self.platform.now()) {
                do {
                    state = try await self.act(action, answeringWatch: replying).state
                } catch {
                    self.watchInbox.refused(message, because: error)
                    refused = true
                }
            } else {
                refused = self.watchInbox.wasRefused(message.requestId)
            }
            // A change sent its snapshot as the context already; a repeat needs no answer.
            guard replying || refused else { return nil }
            if state == nil { state = try? await self.service.state() }
            guard let current = state else { return nil }
            guard replying else {
                self.pushWatch(current, force: true)
                return nil
            }
            let snapshot = self.watchInbox.snapshot(of: current, sentAt: self.platform.now())
            self.shownWatch = snapshot
            return try? WatchMessage.snapshot(snapshot).encoded()
        }
    }

    /// A quick intent (widget button, Live Activity button, Siri, Shortcuts), in this process.
    public func intentRequested(_ intent: QuickIntent, source: LogSource) async throws -> IntentOutcome {
        try await IntentRunner(actions: self).run(intent, source: source)
    }

    /// A URL the app was asked to open; remembered until a screen handles it.
    public func open(_ url: URL) {
        if let link = DeepLink(url: url) { pendingLink = link }
    }

    public func linkHandled() {
        pendingLink = nil
    }

    // MARK: In-app reminders

    /// Called now and then while the app is open: with notifications off, a reminder of the plan
    /// that fell due since the last look is shown as the in-app banner.
    public func foregroundTick() {
        guard isActive else { return }
        let now = platform.now()
        defer { lastReminderCheck = now }
        guard authorization != .allowed, let since = lastReminderCheck,
              let due = plan.due(after: since, through: now).last
        else { return }
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

    /// A night started in the app while nobody has answered the question (onboarding's "Skip"):
    /// now is when reminders matter, so the system's question is shown. Never in the background,
    /// where the system shows no question, nor once answered either way.
    private func askAtNightStart() async {
        guard process == .app, isActive, await notificationAuthorization() == .notDetermined else { return }
        _ = await askForNotifications()
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
    }

    private func act(_ action: SessionAction, answeringWatch: Bool) async throws -> ActionResult {
        let result = try await service.perform(action)
        await applyGate.run {
            if let nudge = result.nudge { await self.notifyNow(nudge) }
            if let snooze = result.snooze { await self.platform.notifications.schedule(snooze) }
            guard result.changed, await self.show(result.state, about: result.session, origin: .local, answeringWatch: answeringWatch) else { return }
            await self.changes.notify(StoreChange(state: result.state, session: result.session, pastSessionsChanged: result.pastSessionsChanged))
        }
        return result
    }

    /// Brings reminders, the Live Activity, widgets and the watch in line with the store, which
    /// another process or a pull may have changed; the open screens refresh.
    private func reconcile(_ origin: Origin) async {
        guard let state = try? await service.state() else { return }
        await applyGate.run {
            guard await self.show(state, about: nil, origin: origin, answeringWatch: false) else { return }
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
    private func show(_ state: DeviceState, about night: SessionSnapshot?, origin: Origin, answeringWatch: Bool) async -> Bool {
        guard state.version >= shownVersion else { return false }
        shownVersion = state.version
        await showReminders(state)
        await showLiveActivity(state, about: night)
        platform.widgets.reloadAll()
        if !answeringWatch { pushWatch(state) }
        switch origin {
        case .local where process == .app && !isActive:
            // In the background the time may end any moment: pushed before it is handed back.
            pushBeforeSuspending = true
        case .local, .elsewhere:
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
        let requests = active.reminders.requests
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
            let final = night?.session.id == sessionId ? night?.glance : (try? await service.session(id: sessionId))?.glance
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

    /// Sends the watch what it shows of `state`, unless it shows that already (`force`: it may not).
    private func pushWatch(_ state: DeviceState, force: Bool = false) {
        guard platform.watch.isAvailable else { return }
        let snapshot = watchInbox.snapshot(of: state, sentAt: platform.now())
        if !force, var shown = shownWatch {
            shown.sentAt = snapshot.sentAt
            if shown == snapshot { return }
        }
        shownWatch = snapshot
        platform.watch.updateContext(.snapshot(snapshot))
    }

    /// One buzz per reminder, whichever device gives it: a notification the phone posts reaches
    /// the wrist by the system's mirroring (when the phone is locked, which is when the person
    /// looks at the watch), so the watch is sent the reminder to post only when the phone posts
    /// none (its notifications are off).
    private func notifyNow(_ request: ReminderRequest) async {
        // Asked each time: on a background launch nothing has asked yet.
        authorization = await platform.notifications.authorization()
        if authorization == .allowed {
            await platform.notifications.post(request)
            return
        }
        if isActive { inAppReminders.show(request.content) }
        guard WatchReminderPolicy.forwards(request), platform.watch.isAvailable else { return }
        let message = WatchMessage.reminder(request)
        if platform.watch.isReachable, await platform.watch.sendNow(message) { return }
        platform.watch.enqueue(message)
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
