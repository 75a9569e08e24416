import Foundation
import WaterlineCore

/// Carries out what `ConsequencePlan` says follows an event, one event at a time, and keeps what
/// the surfaces show. It reads the system only to plan (what is on screen, what the person
/// allows); every decision is the plan's.
@MainActor
final class ConsequenceExecutor {
    let changes: StoreChangeFeed
    let inAppReminders: InAppReminderModel
    private(set) var shown = ShownSurfaces()
    private let platform: RuntimePlatform
    let process: RuntimeProcess
    /// A night as it stands (an ended one's final Live Activity state).
    private let night: (UUID) async -> SessionSnapshot?
    private let gate = SerialGate()

    init(platform: RuntimePlatform, process: RuntimeProcess, changes: StoreChangeFeed, inAppReminders: InAppReminderModel,
         night: @escaping (UUID) async -> SessionSnapshot?) {
        self.platform = platform
        self.process = process
        self.changes = changes
        self.inAppReminders = inAppReminders
        self.night = night
    }

    /// Plans what follows `event` and carries out everything but the sync, in order; events are
    /// followed one at a time, so the surfaces end in the state of the last. Returns when the
    /// change must go to the backend: the caller asks its scheduler outside this turn, since a
    /// sync's own report comes back through here.
    func follow(_ event: RuntimeEvent, isActive: Bool) async -> SyncTiming? {
        await gate.run {
            let context = await context(for: event, isActive: isActive)
            let plan = ConsequencePlan.plan(event, in: context, shown: shown)
            shown = plan.shown
            var timing: SyncTiming?
            for consequence in plan.consequences {
                if case .sync(let when) = consequence { timing = when } else { await carryOut(consequence) }
            }
            return timing
        }
    }

    /// The watch link came up: only the watch is told (`ConsequencePlan.watchLinkActivated`);
    /// neither the store nor the other surfaces are read.
    func watchLinkActivated(isActive: Bool) async {
        await gate.run {
            let context = PlanContext(
                process: process, isActive: isActive, watchAvailable: platform.watch.isAvailable,
                notificationsAllowed: await platform.notifications.authorization() == .allowed, now: platform.now()
            )
            for consequence in ConsequencePlan.watchLinkActivated(in: context) { await carryOut(consequence) }
        }
    }

    /// What the plan needs of the system now. The person's choice about notifications is asked
    /// each time: on a background launch nothing has asked yet.
    private func context(for event: RuntimeEvent, isActive: Bool) async -> PlanContext {
        let activities = Set(process == .app ? platform.liveActivities.runningSessionIds() : [])
        var ended: [UUID: SessionSnapshot] = [:]
        var actedOn: UUID?
        if case .action(let result, _) = event { actedOn = result.session?.session.id }
        for id in activities where id != event.state.active?.session.id && id != actedOn {
            ended[id] = await night(id)
        }
        return PlanContext(
            process: process, isActive: isActive, reminderOwner: platform.phone?.reminderOwner, watchAvailable: platform.watch.isAvailable,
            notificationsAllowed: await platform.notifications.authorization() == .allowed, now: platform.now(),
            nightsWithReminders: await platform.notifications.sessionIdsWithReminders(), liveActivities: activities, endedNights: ended
        )
    }

    private func carryOut(_ consequence: Consequence) async {
        switch consequence {
        case .postNudge(let request): await platform.notifications.post(request)
        case .showBanner(let content): inAppReminders.show(content)
        case .dismissBanner: inAppReminders.dismissTapped()
        case .scheduleSnooze(let request): await platform.notifications.schedule(request)
        case .cancelReminders(let sessionId): await platform.notifications.cancelAll(sessionId: sessionId)
        case .cancelSnoozes(let sessionId, let water): await platform.notifications.cancelSnoozes(sessionId: sessionId, answeredByWaterAt: water)
        case .replaceReminders(let sessionId, let requests): await platform.notifications.replacePending(sessionId: sessionId, with: requests)
        case .startLiveActivity(let glance):
            // Refused (the app in the background): still missing at the next event, which asks again.
            _ = await platform.liveActivities.start(glance)
        case .updateLiveActivity(let glance): await platform.liveActivities.update(glance)
        case .endLiveActivity(let sessionId, let final): await platform.liveActivities.end(sessionId: sessionId, finalState: final)
        case .reloadWidgets: platform.widgets.reloadAll()
        case .tellWatch(let notice): platform.watch.phoneChanged(notice)
        case .signalOtherProcesses: platform.signal.post()
        case .refreshScreens(let change): await changes.notify(change)
        case .sync: break  // The caller's, after this turn.
        }
    }
}
