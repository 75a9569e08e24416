import Foundation
import Observation
import WaterlineCore
import WaterlineSync

/// Everything the app does, with or without a window. `send(_:from:)` is the one way in for a
/// change, whoever makes it (screens, intents, notification actions, widget and Live Activity
/// buttons, the in-app banner, the command line); the other entry points answer the outside
/// world (launch, activation, a write by another process, a watch's push, a sync).
///
/// What follows each of them is planned as a value (`ConsequencePlan`) from the state the change
/// left, and carried out by one `ConsequenceExecutor`; sync goes through one `SyncScheduler`.
/// The watch runs one too, on its own store, with its phone as its backend. The Apple code builds
/// one at process launch and only forwards the system's callbacks here; every call returns once
/// its work is saved.
@Observable
@MainActor
public final class AppRuntime: SessionActions, NotificationPermissions {
    /// Open screens refresh through this after every change, from any process.
    public var changes: StoreChangeFeed { executor.changes }
    /// The banner shown in the app instead of a system notification.
    public var inAppReminders: InAppReminderModel { executor.inAppReminders }
    /// Where the app is asked to go, from a widget, the complication or a tapped notification.
    public let router = LinkRouter()
    public private(set) var isActive = false
    /// Where sync stands, as the scheduler's runs report it.
    public private(set) var syncStatus = SyncStatus()

    @ObservationIgnored let service: SessionService
    @ObservationIgnored let platform: RuntimePlatform
    @ObservationIgnored let scheduler: SyncScheduler
    @ObservationIgnored let executor: ConsequenceExecutor
    @ObservationIgnored let requests = SoonRequests()
    @ObservationIgnored private var reminderWatch = ReminderWatch()
    /// The place in the store's change feed this process has shown; nil before it first looked.
    @ObservationIgnored private var shownChanges: Int?
    @ObservationIgnored private let commitGate = SerialGate()
    /// The newest notice from the phone acted on (on the watch): its two copies pull once.
    @ObservationIgnored var lastPhoneNotice: Int?

    public init(service: SessionService, platform: RuntimePlatform) {
        self.service = service
        self.platform = platform
        let relay = SyncRunRelay()
        let now = platform.now
        scheduler = SyncScheduler(runner: platform.sync, debounce: platform.syncDebounce, sleep: platform.sleep, now: now) { await relay.forward($0) }
        executor = ConsequenceExecutor(
            platform: platform, scheduler: scheduler, requests: requests, changes: StoreChangeFeed(), inAppReminders: InAppReminderModel(),
            night: { try? await service.session(id: $0) }
        )
        relay.runtime = self
    }

    // MARK: The one way in

    @discardableResult
    public func send(_ action: SessionAction, from origin: ActionOrigin) async throws -> ActionResult {
        // The system's question is asked only where the person asks for it (onboarding's "Enable
        // Notifications", the Settings row): after "Skip", reminders show in the app (US-035).
        try await holdingBackground(action.name) {
            // The write and the look after it are one step among the looks at the feed, so a sync
            // run ending meanwhile does not show this action's records again as its own.
            let result = try await self.commitGate.run {
                await self.lookBeforeWriting()
                var result = try await self.service.perform(action)
                // What the feed names since the last look is this action's writes, and any another
                // writer made meanwhile: the lists read again when an ended night was among them.
                if let changed = await self.changesSinceShown() {
                    result.pastSessionsChanged = result.pastSessionsChanged || changed.changesPastNights(besides: result.state.active?.session.id)
                }
                return result
            }
            await self.follow(.action(result, from: origin))
            return result
        }
    }

    /// Carries out what follows `event`: the plan decides every consequence, the sync included,
    /// and the executor carries each out.
    func follow(_ event: RuntimeEvent) async {
        await executor.follow(event, isActive: isActive)
    }

    /// Shows the store as it is now after `event` made from it (anything but an action).
    func followStore(_ event: (DeviceState) -> RuntimeEvent) async {
        guard let state = try? await service.state() else { return }
        await follow(event(state))
    }

    /// The records every commit since this process last looked changed, whoever wrote them (the
    /// store's change feed, written inside each writer's transaction), and the look moves on; nil
    /// when the store could not say. Before the first look, everything counts as changed.
    func changesSinceShown() async -> ChangedRecords? {
        guard let changes = try? await service.changes(after: shownChanges ?? Int.max) else { return nil }
        shownChanges = changes.version
        return changes.records
    }

    /// Takes the feed's place before a writer runs (a sync run, the watch's push, this process's
    /// first action), so what it writes is named, not counted as everything.
    func lookBeforeWriting() async {
        guard shownChanges == nil else { return }
        _ = await changesSinceShown()
    }

    /// Another writer committed: what its commits changed, as the store's feed names it, is shown
    /// on every surface. A sync run's commits are followed only when they changed something (a
    /// pull that brought nothing reads and shows nothing); the watch's push and another process's
    /// write are followed whatever this look finds (another look may have shown their records
    /// already, but what follows them, their push to the cloud, is theirs).
    ///
    /// `writing`, when given, is this process's write (the watch's push answered here): it runs
    /// inside the same step as the look after it, and nothing is followed when it wrote nothing.
    func followCommits(
        always: Bool, holding name: String, writing: (() async -> Bool)? = nil,
        _ event: @escaping (DeviceState, ChangedRecords) -> RuntimeEvent
    ) async {
        // One at a time: a second writer's signal returns only once what the first look found is
        // shown (the look moves the place on before the state is read).
        await commitGate.run {
            if let writing {
                await lookBeforeWriting()
                guard await writing() else { return }
            }
            let changed = await changesSinceShown() ?? .all
            guard always || !changed.isEmpty else { return }
            await holdingBackground(name) {
                guard let state = try? await service.state() else { return }
                await follow(event(state, changed))
            }
        }
    }

    /// A sync run started or ended; what its commits changed is shown on every surface.
    fileprivate func syncRan(_ event: SyncScheduler.RunEvent) async {
        switch event {
        case .started:
            syncStatus.phase = .syncing
            await lookBeforeWriting()
        case .finished(let report):
            syncStatus = report.status
            await followCommits(always: false, holding: "sync changed records") { .pulled($0, $1) }
        }
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
        let capabilities = platform.capabilities
        if capabilities.notifications { platform.notifications.registerCategories() }
        guard !capabilities.isExtension else { return }
        if capabilities.pairedWatch { platform.watch.activate() }
        requests.add { [weak self] in await self?.follow(.pullAsked(.launch)) }
    }

    /// The app came to the front. Other processes may have written meanwhile, and a Live
    /// Activity the system would not start in the background is owed: bring everything up to
    /// date, then pull what changed elsewhere.
    public func becameActive() async {
        isActive = true
        reminderWatch = ReminderWatch(since: platform.now())
        // Everything is shown again: the feed's place moves on with it.
        _ = await changesSinceShown()
        await followStore { .activated($0) }
    }

    public func resignedActive() {
        isActive = false
    }

    /// Another process wrote to the shared store (a cross-process signal arrived).
    public func storeChangedElsewhere() async {
        await followCommits(always: true, holding: "store changed") { .otherProcessWrote($0, $1) }
    }

    // MARK: Sync

    /// The network's state changed; coming back online syncs what waited.
    public func networkChanged(isOnline: Bool) async {
        await scheduler.networkChanged(isOnline: isOnline)
    }

    /// A background app refresh: pulls and pushes, then shows the store as of now on every
    /// surface (time has passed: a night gone quiet is no longer live), and returns when done.
    public func backgroundRefresh() async {
        await scheduler.syncNow(.backgroundRefresh)
        await followStore { .refresh($0) }
    }

    /// "Send Again" beside the changes the backend refused: every one of them goes with the next
    /// push, which runs now; returns when it is done.
    public func resendRefusedChanges() async {
        guard await platform.sync.releaseRefusals() > 0 else { return }
        await scheduler.pushNow()
    }

    /// Pulls and pushes now for `reason` (signing in, `waterline sync`), and returns when done
    /// with where sync stands.
    @discardableResult
    public func syncNow(_ reason: SyncScheduler.Reason) async -> SyncStatus {
        await scheduler.syncNow(reason)
        return syncStatus
    }

    /// The reasons sync ran for, oldest first.
    public func syncHistory() async -> [SyncScheduler.Reason] {
        await scheduler.history
    }

    /// Returns once every sync asked for so far has run (and writes waiting for their pause
    /// have been pushed): for tests, and for a command that exits after its writes.
    public func syncIdle() async {
        await requests.idle()
        await scheduler.idle()
    }

    // MARK: In-app reminders

    /// Called now and then while the app is open (every ten seconds): a reminder of the plan that
    /// fell due since the last look moves every surface on to the next one (and shows as the
    /// in-app banner when notifications are off, as the plan says); the scheduler looks for other
    /// devices' changes once `SyncScheduler.openPullInterval` has passed, so a night ended
    /// elsewhere stops here while the app is open.
    public func foregroundTick() {
        guard isActive else { return }
        let scheduler = scheduler
        requests.add { await scheduler.openAppTick() }
        guard let due = reminderWatch.look(at: executor.shown.plan, now: platform.now()).last else { return }
        reminderArrived(due.content, presented: false)
    }

    /// A reminder arrived (fell due in the open app, or was presented by the system while the app
    /// is in front): every surface shows the store again as of now ("Next reminder" moves on to the
    /// next one, and the widgets and Live Activity with it), with the banner as the plan says.
    func reminderArrived(_ content: NotificationContent, presented: Bool) {
        requests.add { [weak self] in await self?.followStore { .reminderArrived($0, content, presented: presented) } }
    }

    // MARK: Notification permission

    public func notificationAuthorization() async -> NotificationAuthorization {
        await platform.notifications.authorization()
    }

    /// Asks the person (onboarding's "Enable Notifications", the Settings row); what the answer
    /// allows is planned at once, a running night's reminders included.
    public func askForNotifications() async -> NotificationAuthorization {
        let before = await platform.notifications.authorization()
        let answer = await platform.notifications.requestAuthorization()
        if answer != before { await followStore { .refresh($0) } }
        return answer
    }

    /// Holds the process while `work` runs in the background, so what it must reach (a push
    /// before suspending, among them) is reached before the time is handed back.
    func holdingBackground<T>(_ name: String, _ work: () async throws -> T) async rethrows -> T {
        let token = platform.background.begin(name)
        defer { platform.background.end(token) }
        return try await work()
    }
}

/// Lets the scheduler, made in the runtime's initializer, reach the runtime once it exists.
@MainActor
private final class SyncRunRelay {
    weak var runtime: AppRuntime?

    func forward(_ event: SyncScheduler.RunEvent) async {
        await runtime?.syncRan(event)
    }
}
