import Foundation
import WaterlineCore
import WaterlineSync

/// Carries out what `ConsequencePlan` says follows an event, one event at a time, and keeps what
/// the surfaces show. It reads the system only to plan (what is on screen, what the person
/// allows); every decision is the plan's, and every consequence, the sync included, is carried
/// out here.
@MainActor
final class ConsequenceExecutor {
    let screenUpdates: ScreenUpdates
    let inAppReminders: InAppReminderModel
    private(set) var shown = LastShown()
    private let platform: RuntimePlatform
    private let scheduler: SyncScheduler
    /// Work that runs soon, off the caller's path (a pull; a push held by a background task).
    private let requests: PendingWork
    /// A session as it stands (an ended one's final Live Activity state).
    private let readSnapshot: (UUID) async -> SessionSnapshot?
    /// What the phone hands its watch (the phone's app).
    private let deliveries: WatchDeliveries?
    private let gate = SerialGate()

    init(platform: RuntimePlatform, scheduler: SyncScheduler, requests: PendingWork, screenUpdates: ScreenUpdates,
         inAppReminders: InAppReminderModel, deliveries: WatchDeliveries?, readSnapshot: @escaping (UUID) async -> SessionSnapshot?) {
        self.platform = platform
        self.deliveries = deliveries
        self.scheduler = scheduler
        self.requests = requests
        self.screenUpdates = screenUpdates
        self.inAppReminders = inAppReminders
        self.readSnapshot = readSnapshot
    }

    /// Plans what follows `event` and carries it out, in order; events are followed one at a time,
    /// so the surfaces end in the state of the last. The sync comes last, outside this turn, since
    /// a sync's own report comes back through here.
    func follow(_ event: RuntimeEvent, isActive: Bool) async {
        let timing: SyncTiming? = await gate.run { await carryOut(event, isActive: isActive) }
        if let timing { await sync(timing) }
    }

    /// Reaches the backend as the plan said (`SyncTiming`, which says how as well as when); a sync
    /// asked for `.now`, `.beforeAnswering` and "Send Again" is run before this returns, so its
    /// caller is answered once it is done.
    private func sync(_ timing: SyncTiming) async {
        let scheduler = scheduler
        switch timing {
        case .soon:
            scheduler.localChange()
        case .beforeAnswering:
            await scheduler.pushNow()
        case .beforeSuspending:
            let background = platform.background
            let token = background.begin("push before suspending")
            requests.add {
                await scheduler.pushNow()
                background.end(token)
            }
        case .pull(let reason):
            requests.add { await scheduler.syncNow(reason) }
        case .now(let reason):
            await scheduler.syncNow(reason)
        case .connection(let isUp):
            await scheduler.networkChanged(isOnline: isUp)
        case .lookWhileOpen:
            requests.add { await scheduler.openAppTick() }
        case .resendRefused:
            await scheduler.resendRefused()
        }
    }

    /// Plans what follows `event` from the system as it is now and carries it out in order, all but
    /// the sync, keeping what it shows; returns the sync it asks for (a later step's replaces an
    /// earlier one's).
    private func carryOut(_ event: RuntimeEvent, isActive: Bool) async -> SyncTiming? {
        let plan = ConsequencePlan.plan(event, in: await context(for: event, isActive: isActive), shown: shown)
        shown = plan.shown
        var timing: SyncTiming?
        for consequence in plan.consequences {
            switch consequence {
            case .sync(let when): timing = when
            case .askForNotifications: _ = await platform.notifications.requestAuthorization()
            case .deliverToWatch(let latest, let complication): await deliverToWatch(state: event.state, latest: latest, complication: complication)
            case .thenFollow(let next): timing = await carryOut(next, isActive: isActive) ?? timing
            default: await carryOut(consequence)
            }
        }
        return timing
    }

    /// What the plan needs of the system now. The person's choice about notifications is asked
    /// each time: on a background launch nothing has asked yet.
    private func context(for event: RuntimeEvent, isActive: Bool) async -> PlanContext {
        let capabilities = platform.capabilities
        let watchAvailable = capabilities.pairedWatch && platform.watch.isAvailable
        let complicationLeft = watchAvailable ? platform.watch.complicationTransfersLeft : 0
        guard let state = event.state else {
            // Nothing is shown again: neither the store nor the other surfaces are read.
            return PlanContext(
                capabilities: capabilities, isActive: isActive, watchAvailable: watchAvailable, complicationTransfersLeft: complicationLeft,
                notificationsAllowed: false, now: platform.now()
            )
        }
        let activities = Set(capabilities.liveActivities ? platform.liveActivities.runningSessionIds() : [])
        let endedActivities = Set(capabilities.liveActivities ? platform.liveActivities.endedSessionIds() : [])
        var ended: [UUID: SessionSnapshot] = [:]
        var actedOn: UUID?
        if case .action(let result, _) = event { actedOn = result.session?.session.id }
        // An ended tile already handed its session's final state needs the session no more.
        for id in activities.union(endedActivities.subtracting(shown.closedEndedTiles)) where id != state.active?.session.id && id != actedOn {
            ended[id] = await readSnapshot(id)
        }
        let authorization = capabilities.notifications ? await platform.notifications.authorization() : .denied
        return PlanContext(
            capabilities: capabilities, isActive: isActive, watchAvailable: watchAvailable, complicationTransfersLeft: complicationLeft,
            notificationsAllowed: authorization == .allowed, notificationsUnasked: authorization == .notDetermined, now: platform.now(),
            sessionsWithReminders: capabilities.notifications ? await platform.notifications.sessionIdsWithReminders() : [],
            liveActivities: activities, endedSessions: ended, endedActivities: endedActivities
        )
    }

    /// Hands the watch each page of the feed it lacks, once, and the latest state when the plan
    /// says so, which replaces the last (and goes to the complication when the plan says so).
    private func deliverToWatch(state: DeviceState?, latest: Bool, complication: Bool) async {
        guard let deliveries else { return }
        let outgoing = await deliveries.next(state: state, latest: latest, focus: platform.focusFilter(), now: platform.now())
        for page in outgoing.pages { platform.watch.transfer(page) }
        guard let latest = outgoing.latest else { return }
        platform.watch.updateLatest(latest)
        if complication { platform.watch.transferForComplication(latest) }
    }

    private func carryOut(_ consequence: Consequence) async {
        switch consequence {
        case .postNudge(let request): await platform.notifications.post(request)
        case .showBanner(let content): inAppReminders.show(content)
        case .dismissBanner: inAppReminders.dismiss()
        case .scheduleSnooze(let request): await platform.notifications.schedule(request)
        case .cancelReminders(let sessionId): await platform.notifications.cancelAll(sessionId: sessionId)
        case .cancelSnoozes(let sessionId, let water): await platform.notifications.cancelSnoozes(sessionId: sessionId, answeredByWaterAt: water)
        case .replaceReminders(let sessionId, let requests): await platform.notifications.replacePending(sessionId: sessionId, with: requests)
        case .startLiveActivity(let glance):
            // Refused (the app in the background): still missing at the next event, which asks again.
            _ = await platform.liveActivities.start(glance)
        case .dismissEndedLiveActivity(let sessionId): await platform.liveActivities.dismissEnded(sessionId: sessionId)
        case .updateLiveActivity(let glance): await platform.liveActivities.update(glance)
        case .endLiveActivity(let sessionId, let final): await platform.liveActivities.end(sessionId: sessionId, finalState: final)
        case .reloadWidgets(let snapshot): platform.widgets.reload(showing: snapshot)
        case .scheduleRefresh(let date): platform.refresh.schedule(at: date)
        case .signalOtherProcesses: platform.signal.post()
        case .writeHealth: await platform.health?.catchUp()
        case .registerNotificationCategories: platform.notifications.registerCategories()
        case .activateWatchLink: platform.watch.activate()
        case .refreshScreens(let change): await screenUpdates.notify(change)
        case .sync, .askForNotifications, .deliverToWatch, .thenFollow: break  // `carryOut(_:isActive:)`'s.
        }
    }
}
