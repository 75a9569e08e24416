import Foundation
import Observation

/// Everything the app does in response to the outside world, with or without a window: launch,
/// becoming active, a notification response, a watch message, an intent, a write made by
/// another process, and the in-app reminders. The Apple code builds one at process launch and
/// only forwards the system's callbacks here; every call returns once its work is saved.
@Observable
@MainActor
public final class AppRuntime: SessionEffectHandler {
    public let service: SessionService
    /// Open screens refresh through this after every change, from any process.
    public let changes = StoreChangeFeed()
    /// The banner shown in the app instead of a system notification.
    public let inAppReminders = InAppReminderModel()
    /// A screen to open, from a widget, the complication or a tapped notification.
    public private(set) var pendingLink: DeepLink?
    public private(set) var isActive = false

    @ObservationIgnored private let process: RuntimeProcess
    @ObservationIgnored private let platform: RuntimePlatform
    @ObservationIgnored private var watchHandler: WatchMessageHandler?
    /// The time reminders scheduled last: what the in-app banner follows when notifications are off.
    @ObservationIgnored private var plan = ReminderPlan.none
    @ObservationIgnored private var lastReminderCheck: Date?
    @ObservationIgnored private var authorization = NotificationAuthorization.notDetermined
    @ObservationIgnored private let applyGate = SerialGate()

    public init(service: SessionService, platform: RuntimePlatform, process: RuntimeProcess = .app) {
        self.service = service
        self.platform = platform
        self.process = process
        watchHandler = WatchMessageHandler(service: service, effects: self)
    }

    // MARK: Process and app lifecycle

    /// The process started, in front or in the background (called before launch finishes).
    /// Registers what must exist before any callback can arrive: the reminder category and the
    /// watch link.
    public func launched() {
        platform.notifications.registerCategories()
        if process == .app { platform.watch.activate() }
    }

    /// The watch link finished activating: the watch gets the state as it stands.
    public func watchLinkActivated() async {
        await pushWatchSnapshot()
    }

    /// The app came to the front. Other processes may have written meanwhile, and a Live
    /// Activity the system would not start in the background is owed: bring everything up to date.
    public func becameActive() async {
        isActive = true
        lastReminderCheck = platform.now()
        authorization = await platform.notifications.authorization()
        await reconcile()
    }

    public func resignedActive() {
        isActive = false
    }

    /// Another process wrote to the shared store (a cross-process signal arrived).
    public func storeChangedElsewhere() async {
        await holdingBackground("store changed") { await self.reconcile() }
    }

    // MARK: Entry points from the system

    /// A notification's action or tap. "Log Water" logs the default glass once, however often
    /// the response is delivered; a tap on the notification opens the running session.
    public func notificationResponseReceived(_ response: NotificationResponse) async {
        await holdingBackground("notification response") {
            switch response.actionIdentifier {
            case NotificationAction.logWater.rawValue:
                await self.act { try await self.service.logWater(source: .phone, id: response.logId) }
            case NotificationAction.remindLater.rawValue:
                if let effects = try? await self.service.remindLater() { await self.apply(effects) }
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

    /// A message from the watch (a log, a start, an end); returns the encoded reply snapshot.
    public func watchMessageReceived(_ data: Data) async -> Data? {
        await holdingBackground("watch message") {
            guard let handler = self.watchHandler, let message = try? WatchMessage.decodeIfKnown(data),
                  let reply = try? await handler.handle(message)
            else { return nil }
            return try? WatchMessage.snapshot(reply.snapshot).encoded()
        }
    }

    /// A quick intent (widget button, Live Activity button, Siri, Shortcuts), in this process.
    public func intentRequested(_ intent: QuickIntent, source: LogSource) async throws -> IntentOutcome {
        try await holdingBackground("intent") {
            let outcome = try await IntentRunner(service: self.service).run(intent, source: source)
            await self.apply(outcome.effects)
            return outcome
        }
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
        await act { try await self.service.logWater(source: .phone) }
    }

    // MARK: Effects

    /// Carries out what an action asks of the platform; screens hand their effects here too.
    public nonisolated func perform(_ effects: [SessionEffect]) async {
        await apply(effects)
    }

    private func act(_ action: @Sendable () async throws -> SessionUpdate) async {
        guard let update = try? await action() else { return }
        await apply(update.effects)
    }

    /// Effects of different actions never interleave (each awaits the system several times), so
    /// the Live Activity and the reminders end in the state of the last action, not of a slower one.
    private func apply(_ effects: [SessionEffect]) async {
        // An action that changed nothing (a repeated delivery) has no effects and touches nothing.
        guard !effects.isEmpty else { return }
        await applyGate.run {
            // Two actions may finish in one order and reach here in the other; the Live Activity
            // and the reminders are therefore drawn from the store as it stands now, never from a
            // state an action computed before a later one was saved.
            let current = effects.contains(where: \.showsRunningSession) ? try? await self.service.activeSession() : nil
            await self.carryOut(effects, current: current)
        }
    }

    /// Carries out `effects`, showing `current` (the running session as just read) wherever
    /// they show the running session.
    private func carryOut(_ effects: [SessionEffect], current: SessionUpdate?) async {
        for effect in effects {
            switch effect {
            case .replaceReminders(let sessionId, var requests):
                if let current, current.session.id == sessionId { requests = current.reminders.requests }
                plan = ReminderPlan(requests: requests)
                await platform.notifications.replacePending(sessionId: sessionId, with: requests)
            case .cancelReminders(let sessionId):
                plan = .none
                await platform.notifications.cancelAll(sessionId: sessionId)
            case .notifyNow(let request):
                await notifyNow(request)
            case .scheduleReminder(let request):
                await platform.notifications.schedule(request)
            case .startLiveActivity(let state), .updateLiveActivity(let state):
                await showLiveActivity(current.map(\.liveActivityState).flatMap { $0.sessionId == state.sessionId ? $0 : nil } ?? state)
            case .endLiveActivity(let state):
                await platform.liveActivities.end(sessionId: state.sessionId, finalState: state)
            case .reloadWidgets:
                platform.widgets.reloadAll()
            }
        }
        await pushWatchSnapshot()
        platform.sync.syncSoon()
        if process == .appExtension { platform.signal.post() }
        await changes.notify()
    }

    /// Updates the session's Live Activity, or starts it when it is missing (a session started in
    /// an extension's process); a start the system refuses is made again at the next activation.
    private func showLiveActivity(_ state: LiveActivityState) async {
        if platform.liveActivities.runningSessionIds().contains(state.sessionId) {
            await platform.liveActivities.update(state)
        } else {
            _ = await platform.liveActivities.start(state)
        }
    }

    private func notifyNow(_ request: ReminderRequest) async {
        // Asked each time: on a background launch nothing has asked yet.
        authorization = await platform.notifications.authorization()
        if authorization == .allowed {
            await platform.notifications.post(request)
        } else if isActive {
            inAppReminders.show(request.content)
        }
        guard WatchReminderPolicy.forwards(request), platform.watch.isAvailable else { return }
        let message = WatchMessage.reminder(request)
        if platform.watch.isReachable, await platform.watch.sendNow(message) { return }
        platform.watch.enqueue(message)
    }

    private func pushWatchSnapshot() async {
        guard platform.watch.isAvailable, let handler = watchHandler, let snapshot = try? await handler.snapshot() else { return }
        platform.watch.updateContext(.snapshot(snapshot))
    }

    /// Brings reminders, the Live Activity, widgets and the watch in line with the store, which
    /// another process may have changed; the open screens refresh.
    private func reconcile() async {
        // Read and carried out in one turn, so no action's newer effects land before these older ones.
        await applyGate.run { await self.reconcileNow() }
    }

    private func reconcileNow() async {
        var effects: [SessionEffect] = [.reloadWidgets]
        let running = platform.liveActivities.runningSessionIds()
        let active = try? await service.activeSession()
        if let active {
            effects.insert(.replaceReminders(sessionId: active.session.id, requests: active.reminders.requests), at: 0)
            effects.append(.updateLiveActivity(active.liveActivityState))
        } else {
            plan = .none
        }
        for sessionId in running where sessionId != active?.session.id {
            let ended = try? await service.session(id: sessionId)
            await platform.liveActivities.end(sessionId: sessionId, finalState: ended?.liveActivityState)
        }
        // The state was read just now, in this turn: no second read.
        await carryOut(effects, current: active)
    }

    private func holdingBackground<T>(_ name: String, _ work: () async throws -> T) async rethrows -> T {
        let token = platform.background.begin(name)
        defer { platform.background.end(token) }
        return try await work()
    }
}

private extension SessionEffect {
    /// Effects that show the running session's state, redrawn from the store when applied.
    var showsRunningSession: Bool {
        switch self {
        case .replaceReminders, .startLiveActivity, .updateLiveActivity: true
        case .cancelReminders, .notifyNow, .scheduleReminder, .endLiveActivity, .reloadWidgets: false
        }
    }
}
