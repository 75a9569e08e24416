import Foundation
import WaterlineCore

/// What follows an event, as a value: the consequences in the order they are carried out, and
/// what the surfaces show after them. `plan(_:in:shown:)` is pure, so the whole table of events ×
/// origins × processes is tested without a fake; `ConsequenceExecutor` carries a plan out.
public struct ConsequencePlan: Hashable, Sendable {
    public var consequences: [Consequence]
    public var shown: ShownSurfaces

    public static func plan(_ event: RuntimeEvent, in context: PlanContext, shown before: ShownSurfaces) -> ConsequencePlan {
        var plan = ConsequencePlan(consequences: [], shown: before)
        if case .action(let result, let origin) = event {
            if origin == .banner, context.isActive { plan.consequences.append(.dismissBanner) }
            if let nudge = result.nudge { plan.notifyNow(nudge, in: context) }
            if let snooze = result.snooze { plan.consequences.append(.scheduleSnooze(snooze)) }
            guard result.changed else { return plan }
        }
        let state = event.state
        // A state older than one already shown is never shown after it.
        guard state.version >= before.version else { return plan }
        plan.shown.version = state.version
        plan.nudgeForArrivals(event, in: context)
        plan.showReminders(state, in: context)
        if context.process == .app { plan.showLiveActivity(event, in: context) }
        plan.consequences.append(.reloadWidgets)
        // The watch knows what it pushed; anything else it is told of, and pulls.
        if event.isWatchPush == false, let tell = tellWatch(in: context) { plan.consequences.append(tell) }
        plan.sync(after: event, in: context)
        plan.consequences.append(.refreshScreens(Self.screenChange(after: event)))
        return plan
    }

    /// The watch link came up: the watch is told to pull what it may have missed. Nothing here
    /// changed, so nothing else is shown again.
    public static func watchLinkActivated(in context: PlanContext) -> [Consequence] {
        tellWatch(in: context).map { [$0] } ?? []
    }

    /// Tells the paired watch, from the app's process, that the phone's records changed, and
    /// whether this phone posts reminders (mirrored to the wrist, so the watch posts none).
    static func tellWatch(in context: PlanContext) -> Consequence? {
        guard context.process == .app, context.watchAvailable else { return nil }
        return .tellWatch(PhoneNotice(phonePostsReminders: context.notificationsAllowed))
    }

    /// What the open screens hear: the new state, the night an action was about, and whether
    /// ended nights changed (a pull says which records it replaced; the lists read again only
    /// when one of them was an ended night's).
    static func screenChange(after event: RuntimeEvent) -> StoreChange {
        let running = event.state.active?.session.id
        switch event {
        case .action(let result, _):
            return StoreChange(state: result.state, session: result.session, pastSessionsChanged: result.pastSessionsChanged)
        case .pulled(let state, let records), .refresh(let state, let records):
            return StoreChange(state: state, pastSessionsChanged: records.changesPastNights(besides: running))
        case .otherProcessWrote(let state), .watchPushed(let state):
            return StoreChange(state: state, pastSessionsChanged: true)
        }
    }

    /// A nudge right after a log, on the device it was logged on: a notification when this device
    /// may post one, the in-app banner while the app is open.
    private mutating func notifyNow(_ request: ReminderRequest, in context: PlanContext) {
        if context.notificationsAllowed {
            consequences.append(.postNudge(request))
        } else if context.isActive {
            consequences.append(.showBanner(request.content))
        }
    }

    /// On the watch while it owns the reminders: a drink logged on the phone and brought over by a
    /// pull buzzes here, as it would have there (`ArrivedLogNudge`). Logs seen before a process's
    /// first look at the night are not arrivals.
    private mutating func nudgeForArrivals(_ event: RuntimeEvent, in context: PlanContext) {
        let state = event.state
        guard let active = state.active else {
            shown.logs = nil
            return
        }
        let ids = Set(active.logs.map(\.id))
        defer { shown.logs = ShownSurfaces.Logs(sessionId: active.session.id, ids: ids) }
        guard case .pulled = event, context.reminderOwner == .watch, let seen = shown.logs, seen.sessionId == active.session.id,
              let nudge = ArrivedLogNudge.nudge(night: active, arrived: ids.subtracting(seen.ids), settings: state.settings, now: context.now)
        else { return }
        notifyNow(nudge, in: context)
    }

    private mutating func showReminders(_ state: DeviceState, in context: PlanContext) {
        let active = state.active
        // Those of a night that ended (here, on the watch, or on another device) go.
        for sessionId in context.nightsWithReminders.sorted(by: { $0.uuidString < $1.uuidString }) where sessionId != active?.session.id {
            consequences.append(.cancelReminders(sessionId: sessionId))
        }
        shown.plan = active?.reminders ?? .none
        guard let active else {
            shown.reminders = nil
            return
        }
        let night = active.session.id
        // A water logged since "Remind Me in 10 Min" (here, on the watch, anywhere) answers it.
        let lastWater = active.logs.last { $0.type == .water }?.timestamp
        if let lastWater, shown.lastWater != ShownSurfaces.LastWater(sessionId: night, at: lastWater) {
            consequences.append(.cancelSnoozes(sessionId: night, answeredByWaterAt: lastWater))
        }
        shown.lastWater = ShownSurfaces.LastWater(sessionId: night, at: lastWater)
        // On the watch, while the phone buzzes for them (mirrored to the wrist), none are planned
        // here; what was posted here (a drink's nudge) stays.
        let planned = ShownSurfaces.Reminders(sessionId: night, requests: context.reminderOwner == .phone ? [] : active.reminders.requests)
        guard shown.reminders != planned else { return }
        consequences.append(.replaceReminders(sessionId: night, requests: planned.requests))
        shown.reminders = planned
    }

    /// Ends the Live Activity of a night no longer running, and updates (or starts, when it is
    /// missing: a night started in an extension's process) the running night's. A start the
    /// system refuses is asked for again at the next event, as the activity is still missing.
    private mutating func showLiveActivity(_ event: RuntimeEvent, in context: PlanContext) {
        let state = event.state
        let activeId = state.active?.session.id
        var actedOn: SessionSnapshot?
        if case .action(let result, _) = event { actedOn = result.session }
        for sessionId in context.liveActivities.sorted(by: { $0.uuidString < $1.uuidString }) where sessionId != activeId {
            let ended = actedOn?.session.id == sessionId ? actedOn : context.endedNights[sessionId]
            consequences.append(.endLiveActivity(sessionId: sessionId, final: ended.map(state.glance(of:))))
            shown.glances[sessionId] = nil
        }
        guard let activeId, let glance = state.activeGlance else { return }
        if context.liveActivities.contains(activeId) {
            guard shown.glances[activeId] != glance else { return }
            consequences.append(.updateLiveActivity(glance))
        } else {
            consequences.append(.startLiveActivity(glance))
        }
        shown.glances[activeId] = glance
    }

    /// A change made here goes to the backend: once writes pause, or before the call returns
    /// when the app works in the background (the system may suspend it any moment after). An
    /// extension's change is also signalled to the app. What a pull brought is not pushed back.
    private mutating func sync(after event: RuntimeEvent, in context: PlanContext) {
        switch event {
        case .action:
            // The command line's process ends with its command, as a backgrounded app may.
            consequences.append(.sync(context.process == .app && !context.isActive ? .beforeSuspending : .soon))
            if context.process == .appExtension { consequences.append(.signalOtherProcesses) }
        case .watchPushed:
            consequences.append(.sync(context.isActive ? .soon : .beforeSuspending))
        case .otherProcessWrote:
            consequences.append(.sync(.soon))
        case .pulled, .refresh:
            break
        }
    }
}

extension RuntimeEvent {
    var isWatchPush: Bool {
        if case .watchPushed = self { true } else { false }
    }
}
