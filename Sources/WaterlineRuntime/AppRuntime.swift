import Foundation
import Observation
import WaterlineCore
import WaterlineSync

/// Everything the app does, with or without a window. What reaches it from outside is one
/// `RuntimeInput`, taken by `handle(_:)` in one place (`AppRuntime+Inputs`): a change, whoever
/// makes it (screens, intents, notification actions, widget and Live Activity buttons, the in-app
/// banner, the command line), and the outside world (launch, activation, another process's
/// write, a message from the other device, a tick, a background refresh, a sync asked for).
///
/// What follows each is planned as a value (`ConsequencePlan`) from the state it left and what
/// the store's change feed names, and carried out by one `ConsequenceExecutor`, sync included.
/// Reads go through `reader`; what the screens observe is `screenUpdates`, `inAppReminders`,
/// `syncStatus`, `isActive` and `router`. The watch runs one too, on its own store, with its
/// phone as its backend. The Apple code builds one at process launch and only forwards the
/// system's callbacks here; every input is handled once its work is saved.
@Observable
@MainActor
public final class AppRuntime: SessionActions, NotificationPermissions {
    /// Open screens refresh through this after every change, from any process.
    public let screenUpdates = ScreenUpdates()
    /// The banner shown in the app instead of a system notification.
    public let inAppReminders = InAppReminderModel()
    /// Where the app is asked to go, from a widget, the complication or a tapped notification.
    public let router = LinkRouter()
    public internal(set) var isActive = false
    /// On the watch: the Focus filter its phone said it is under, with the latest state it
    /// delivered (`PhoneDelivery.focus`); the surfaces follow it as the phone's do.
    public internal(set) var phoneFocus: FocusFilter?
    /// Where sync stands, as the scheduler's runs report it.
    public private(set) var syncStatus = SyncStatus()
    /// The store as it stands and the runtime's clock, for screens, extensions and commands.
    public let reader: any SessionReading

    @ObservationIgnored let service: SessionService
    @ObservationIgnored let platform: RuntimePlatform
    /// Made on first use, so its report of each run reaches this runtime directly.
    @ObservationIgnored lazy var scheduler: SyncScheduler = makeScheduler()
    @ObservationIgnored lazy var executor: ConsequenceExecutor = makeExecutor()
    @ObservationIgnored let requests = PendingWork()
    @ObservationIgnored var reminderWatch = ReminderWatch()
    /// Where this process's surfaces stand in the store's change feed, and the state read there.
    @ObservationIgnored let place: FeedPlace
    /// What this phone hands its watch (the phone's app; nil elsewhere).
    @ObservationIgnored lazy var watchDeliveries: WatchDeliveries? = platform.watchLinkServer.map {
        WatchDeliveries(store: $0.store, ledger: $0.ledger)
    }

    public init(service: SessionService, platform: RuntimePlatform) {
        self.service = service
        self.platform = platform
        reader = SessionReader(service: service, clock: platform.now)
        place = FeedPlace { try await service.changes(after: $0) }
    }

    private func makeScheduler() -> SyncScheduler {
        SyncScheduler(runner: platform.sync, debounce: platform.syncDebounce, sleep: platform.sleep, now: platform.now) { [weak self] event in
            await self?.syncRan(event)
        }
    }

    private func makeExecutor() -> ConsequenceExecutor {
        let service = service
        return ConsequenceExecutor(
            platform: platform, scheduler: scheduler, requests: requests, screenUpdates: screenUpdates, inAppReminders: inAppReminders,
            deliveries: watchDeliveries, readSnapshot: { try? await service.session(id: $0) }
        )
    }

    // MARK: A change

    /// Carries out `action` and what follows it; every change, whoever makes it, comes here.
    func perform(_ action: SessionAction, from origin: ActionOrigin) async throws -> ActionResult {
        // The system's question is asked only where the person asks for it (onboarding's "Enable
        // Notifications", the Settings row): after "Skip", reminders show in the app (US-035).
        try await holdingBackground(action.name) {
            // The write and the look after it are one step among the looks at the feed, so a sync
            // run ending meanwhile does not show this action's records again as its own.
            let result = try await self.place.exclusively {
                await self.place.lookBeforeWriting()
                // What the feed names since the last look is this action's writes, and any another
                // writer made meanwhile: the lists read again when an ended session was among them.
                var (result, changes) = try await self.service.perform(action, changesAfter: self.place.shown ?? Int.max)
                self.place.wrote(through: changes.version)
                result.pastSessionsChanged = result.pastSessionsChanged || changes.records.changesPastSessions(besides: result.state.active?.session.id)
                return result
            }
            await self.follow(.action(result, from: origin))
            return result
        }
    }

    // MARK: Following the store

    /// Carries out what follows `event`: the plan decides every consequence, the sync included,
    /// and the executor carries each out. The surfaces are handed it as the Focus filter holding
    /// now asks (`FocusFilter`; on the watch, its phone's): here, the one way every state reaches them.
    func follow(_ event: RuntimeEvent) async {
        await executor.follow(event.underFocus(platform.focusFilter() ?? phoneFocus), isActive: isActive)
    }

    /// Shows the store as it is now after `event` made from it (anything but an action).
    /// `everythingShown`: every record is shown again, so the feed's place moves on with it.
    func followStore(everythingShown: Bool = false, _ event: (DeviceState) -> RuntimeEvent) async {
        // Read among the looks at the feed, so the state can be the basis for the next writer's.
        let read: DeviceState? = await place.exclusively {
            if everythingShown { _ = await place.sinceShown() }
            guard let state = try? await service.state() else { return nil }
            place.keep(state)
            return state
        }
        guard let state = read else { return }
        await follow(event(state))
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
        await place.exclusively {
            if let writing {
                await place.lookBeforeWriting()
                guard await writing() else { return }
            }
            let basis = place.basis
            let changed = await place.sinceShown() ?? .all
            guard always || !changed.isEmpty else {
                // Nothing was written: the state still stands where it stood.
                place.stillStands(basis)
                return
            }
            await holdingBackground(name) {
                // Only what the commits changed is read, onto the state as it stood before them.
                let read = if let basis { try? await service.state(after: changed, from: basis) } else { try? await service.state() }
                guard let state = read else { return }
                place.keep(state)
                await follow(event(state, changed))
            }
        }
    }

    /// A sync run started or ended; what its commits changed is shown on every surface.
    func syncRan(_ event: SyncScheduler.RunEvent) async {
        switch event {
        case .started:
            syncStatus.phase = .syncing
            await place.lookBeforeWriting()
        case .finished(let report):
            syncStatus = report.status
            await followCommits(always: false, holding: "sync changed records") { .pulled($0, $1) }
        }
    }

    /// The reasons sync ran for, oldest first (for tests: what the scheduler was asked, by whom).
    func syncHistory() -> [SyncScheduler.Reason] {
        scheduler.history
    }

    /// Holds the process while `work` runs in the background, so what it must reach (a push
    /// before suspending, among them) is reached before the time is handed back.
    func holdingBackground<T>(_ name: String, _ work: () async throws -> T) async rethrows -> T {
        let token = platform.background.begin(name)
        defer { platform.background.end(token) }
        return try await work()
    }
}
