import Foundation
import WaterlineCore

/// What follows an event, as a value: the consequences in the order they are carried out, and
/// what the surfaces show after them. `plan(_:in:shown:)` is pure, so the whole table of events ×
/// origins × devices and processes is tested without a fake; `ConsequenceExecutor` carries a plan out.
public struct ConsequencePlan: Hashable, Sendable {
    public var consequences: [Consequence]
    public var shown: LastShown

    public static func plan(_ event: RuntimeEvent, in context: PlanContext, shown before: LastShown) -> ConsequencePlan {
        var plan = ConsequencePlan(consequences: [], shown: before)
        let capabilities = context.capabilities
        switch event {
        case .action(let result, let origin):
            if origin == .banner, context.isActive { plan.consequences.append(.dismissBanner) }
            if let nudge = result.nudge { plan.notifyNow(nudge, in: context) }
            if let snooze = result.snooze, capabilities.notifications { plan.consequences.append(.scheduleSnooze(snooze)) }
            guard result.changed else { return plan }
        case .reminderArrived(_, let content, let presented):
            // One the system showed is not shown twice; one the system held back (the app is in
            // front) or could not show (notifications are off) shows as the banner.
            if context.isActive, presented || !context.notificationsAllowed { plan.consequences.append(.showBanner(content)) }
        case .launched:
            if capabilities.notifications { plan.consequences.append(.registerNotificationCategories) }
            // An extension's process lives for one intent: no watch link, no pull of its own.
            guard !capabilities.isExtension else { return plan }
            if capabilities.pairedWatch { plan.consequences.append(.activateWatchLink) }
            plan.consequences.append(.sync(.pull(.launch)))
            return plan
        case .notificationsAsked(let state):
            // What the answer allows is planned once it is given: the reminders handed over while
            // notifications were refused are handed over again.
            if capabilities.notifications { plan.consequences += [.askForNotifications, .thenFollow(.refresh(state))] }
            return plan
        case .pullAsked(let reason):
            plan.consequences.append(.sync(.pull(reason)))
            return plan
        case .syncAsked(let reason):
            plan.consequences.append(.sync(.now(reason)))
            return plan
        case .networkChanged(let isOnline):
            plan.consequences.append(.sync(.connection(isUp: isOnline)))
            return plan
        case .phoneReachabilityChanged(let isReachable):
            // Only a watch reaches its backend through its phone. Reminders do not move: both
            // devices schedule them, and the system shows each once.
            if capabilities.pairedPhone { plan.consequences.append(.sync(.connection(isUp: isReachable))) }
            return plan
        case .openAppTick:
            if context.isActive { plan.consequences.append(.sync(.lookWhileOpen)) }
            return plan
        case .resendAsked:
            plan.consequences.append(.sync(.resendRefused))
            return plan
        case .watchLinkActivated:
            // Nothing here changed, so nothing else is shown again.
            plan.deliverToWatch(nil, latest: true, in: context)
            return plan
        case .resignedActive:
            // The watch may be suspended as soon as the wrist goes down: what waits goes now
            // (transferred, since a watch app out of the front cannot message its phone).
            if capabilities.pairedPhone { plan.consequences.append(.sync(Self.beforeSuspending(in: context))) }
            return plan
        case .otherProcessWrote, .pulled, .watchPushed, .refresh, .activated:
            break
        }
        guard let state = event.state else { return plan }
        // A state older than one already shown is never shown after it.
        guard state.version >= before.version else { return plan }
        plan.shown.version = state.version
        // A running session gone quiet (`QuietSession`) is not live on the surfaces: its reminders
        // stop and its Live Activity ends with its last state (the widgets' snapshot says so too).
        let live = state.live(at: context.now)
        plan.askForNotifications(live, in: context)
        plan.showReminders(live, in: context)
        if capabilities.liveActivities { plan.showLiveActivity(event, state: state, live: live, in: context) }
        let screens = Self.screenChange(after: event, state: state)
        if capabilities.widgets { plan.showWidgets(state, pastSessionsChanged: screens.pastSessionsChanged, in: context) }
        if capabilities.backgroundRefresh { plan.scheduleRefresh(live, in: context) }
        // The watch is handed what it lacks: its own push comes back only as what the phone took,
        // and the latest state, which its push alone moved, waits for the phone's next change.
        plan.deliverToWatch(live, latest: !event.isWatchPush, in: context)
        plan.sync(after: event, in: context)
        // Every log however it came (an action, a pull, the watch's push) finds its way to Health.
        if capabilities.appleHealth { plan.consequences.append(.writeHealth) }
        plan.consequences.append(.refreshScreens(screens))
        // The watch asked its own question: what the answer allows is planned once it is given.
        if plan.consequences.contains(.askForNotifications) { plan.consequences.append(.thenFollow(.refresh(state))) }
        return plan
    }

    /// How a change goes before the process may be suspended: held by a background task of its
    /// own on the phone (its caller answered first); before the call returns on the watch, which
    /// has no such task to hold and whose push goes to the phone beside it.
    static func beforeSuspending(in context: PlanContext) -> SyncTiming {
        context.capabilities.device == .watch ? .beforeAnswering : .beforeSuspending
    }

    /// The fewest seconds between two complication transfers, however much budget is left.
    public static let complicationSpacingFloor: TimeInterval = 5 * 60

    /// Delivers to the paired watch, from the phone's app, what it lacks; the latest state goes to
    /// the complication too when what the face shows changed and the day's budget allows: at once
    /// when a session starts or ends, otherwise spaced so what is left lasts until midnight.
    mutating func deliverToWatch(_ state: DeviceState?, latest: Bool, in context: PlanContext) {
        guard context.capabilities.pairedWatch, context.watchAvailable else { return }
        var complication = false
        if latest, let state, context.complicationTransfersLeft > 0 {
            let snapshot = WidgetSnapshot(state: state, generatedAt: context.now)
            let last = shown.complicationSent
            let changed = last.map { !snapshot.showsTheSame(as: $0, at: context.now) } ?? true
            let startedOrEnded = last?.sessionId != snapshot.sessionId
            let spacing = Self.complicationSpacing(at: context.now, left: context.complicationTransfersLeft)
            let spaced = shown.complicationSentAt.map { context.now.timeIntervalSince($0) >= spacing } ?? true
            if changed, startedOrEnded || spaced {
                complication = true
                shown.complicationSent = snapshot
                shown.complicationSentAt = context.now
            }
        }
        consequences.append(.deliverToWatch(latest: latest, complication: complication))
    }

    /// The day's complication transfers left, spread over what is left of the day.
    static func complicationSpacing(at now: Date, left: Int) -> TimeInterval {
        let calendar = Calendar.current
        let midnight = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now)) ?? now.addingTimeInterval(24 * 3600)
        return max(complicationSpacingFloor, midnight.timeIntervalSince(now) / Double(max(left, 1)))
    }

    /// What the open screens hear: the new state, the session an action was about, and whether
    /// ended sessions changed (the store's change feed names the records every writer changed; the
    /// lists read again only when one of them was an ended session's).
    static func screenChange(after event: RuntimeEvent, state: DeviceState) -> StoreChange {
        let running = state.active?.session.id
        switch event {
        case .action(let result, _):
            return StoreChange(state: result.state, session: result.session, pastSessionsChanged: result.pastSessionsChanged)
        case .pulled(_, let records), .otherProcessWrote(_, let records), .watchPushed(_, let records):
            return StoreChange(state: state, pastSessionsChanged: records.changesPastSessions(besides: running))
        case .refresh, .reminderArrived:
            // Nothing was written: the lists stay as they are.
            return StoreChange(state: state, pastSessionsChanged: false)
        case .activated, .launched, .notificationsAsked, .pullAsked, .watchLinkActivated, .resignedActive, .syncAsked, .networkChanged, .phoneReachabilityChanged, .openAppTick, .resendAsked:
            // The app was away: the lists read again.
            return StoreChange(state: state, pastSessionsChanged: true)
        }
    }

    /// A nudge right after a log, on the device it was logged on (the other device does not
    /// post it again): a notification when this device may post one, the in-app banner while
    /// the app is open.
    private mutating func notifyNow(_ request: ReminderRequest, in context: PlanContext) {
        if context.capabilities.notifications, context.notificationsAllowed {
            consequences.append(.postNudge(request))
        } else if context.isActive {
            consequences.append(.showBanner(request.content))
        }
    }

    /// The watch has no onboarding: the first time its app is open with a session running, it asks
    /// for its own notifications, so its reminders reach the wrist whatever the phone allows.
    private mutating func askForNotifications(_ state: DeviceState, in context: PlanContext) {
        guard context.capabilities.device == .watch, context.capabilities.notifications, context.isActive, context.notificationsUnasked,
              state.active != nil, !shown.askedForNotifications
        else { return }
        shown.askedForNotifications = true
        consequences.append(.askForNotifications)
    }

    private mutating func showReminders(_ state: DeviceState, in context: PlanContext) {
        let active = state.active
        shown.plan = active?.reminders ?? .none
        guard context.capabilities.notifications else { return }
        // Those of a session that ended (here, on the watch, or on another device) go.
        for sessionId in context.sessionsWithReminders.sorted(by: { $0.uuidString < $1.uuidString }) where sessionId != active?.session.id {
            consequences.append(.cancelReminders(sessionId: sessionId))
        }
        guard let active else {
            shown.reminders = nil
            return
        }
        let sessionId = active.session.id
        // A water logged since "Remind Me in 10 Min" (here, on the watch, anywhere) answers it.
        let lastWater = active.logs.last { $0.type == .water }?.timestamp
        if let lastWater, shown.lastWater != LastShown.LastWater(sessionId: sessionId, at: lastWater) {
            consequences.append(.cancelSnoozes(sessionId: sessionId, answeredByWaterAt: lastWater))
        }
        shown.lastWater = LastShown.LastWater(sessionId: sessionId, at: lastWater)
        // Every device plans the session's reminders from the records it holds, under identifiers
        // made from them (`ReminderPlanner.identifier`): a reminder scheduled on the phone and
        // on the watch is shown once. A plan handed over while notifications were refused is
        // handed over again once they are allowed.
        let planned = LastShown.Reminders(sessionId: sessionId, requests: active.reminders.requests, allowed: context.notificationsAllowed)
        guard shown.reminders != planned else { return }
        consequences.append(.replaceReminders(sessionId: sessionId, requests: planned.requests))
        shown.reminders = planned
    }

    /// In the background WidgetKit counts every reload against a daily budget (about 40; those
    /// made with the app in front are free). On the phone, while the session's Live Activity shows it
    /// on the Lock Screen, and always on the watch (whose complication reloads share that budget),
    /// a change in the background waits this long after the last reload unless the session started
    /// or ended: forty logs made on the other device do not spend the budget. On the phone it goes
    /// with the next event after that; the watch asks to be woken for it (`scheduleRefresh`), so
    /// the face ends on the session's last state.
    public static let backgroundWidgetSpacing: TimeInterval = 10 * 60

    /// Reloads the widgets once, when what they show changed: counts, words, the quick drink, the
    /// last session's summary, or a reminder plan their timeline does not already hold (it moves on
    /// at each planned reminder by itself).
    private mutating func showWidgets(_ state: DeviceState, pastSessionsChanged: Bool, in context: PlanContext) {
        let snapshot = WidgetSnapshot(state: state, generatedAt: context.now)
        if let given = shown.widgets, !pastSessionsChanged, snapshot.showsTheSame(as: given, at: context.now) { return }
        let sessionStartedOrEnded = shown.widgets?.sessionId != snapshot.sessionId
        // The phone's widgets read the store when WidgetKit reloads them by itself, which their
        // timeline asks for every quarter hour while the session is logged in (`WidgetSelfReload`):
        // in the background a change waits for that reload rather than spend the day's budget.
        if !context.isActive, context.capabilities.device != .watch, !sessionStartedOrEnded, !pastSessionsChanged,
           let handed = shown.widgetsReloadedAt, let snapshot = state.active,
           WidgetSelfReload.isPending(handedAt: handed, logTimes: snapshot.logs.map(\.timestamp), now: context.now) {
            return
        }
        let liveActivityShowsIt = snapshot.sessionId.map(context.liveActivities.contains) ?? false
        let spaced = liveActivityShowsIt || context.capabilities.device == .watch
        if !context.isActive, spaced, !sessionStartedOrEnded, let last = shown.widgetsReloadedAt,
           context.now.timeIntervalSince(last) < Self.backgroundWidgetSpacing {
            shown.widgetsOwed = true
            return
        }
        shown.widgets = snapshot
        shown.widgetsReloadedAt = context.now
        shown.widgetsOwed = false
        consequences.append(.reloadWidgets(snapshot))
    }

    /// The watch is woken at the session's next boundary, where what it shows must move on with no
    /// event to move it: the planned series of reminders running out (the rest are planned then),
    /// the session going quiet, a complication reload held back for the budget. One date, asked for
    /// again only when it changes.
    private mutating func scheduleRefresh(_ state: DeviceState, in context: PlanContext) {
        var boundaries: [Date] = []
        if let snapshot = state.active {
            if let last = snapshot.reminders.requests.last?.fireDate { boundaries.append(last) }
            if let quiet = QuietSession.date(of: snapshot) { boundaries.append(quiet) }
        }
        if shown.widgetsOwed, let last = shown.widgetsReloadedAt { boundaries.append(last.addingTimeInterval(Self.backgroundWidgetSpacing)) }
        guard let next = boundaries.filter({ $0 > context.now }).min(), next != shown.refreshAt else { return }
        shown.refreshAt = next
        consequences.append(.scheduleRefresh(at: next))
    }

    /// A change made here goes to the backend: once writes pause, or before the call returns
    /// when the app works in the background (the system may suspend it any moment after). An
    /// extension's change is also signalled to the app. What a pull brought is not pushed back;
    /// coming to the front pulls what changed elsewhere.
    private mutating func sync(after event: RuntimeEvent, in context: PlanContext) {
        switch event {
        case .action:
            // The command line's process ends with its command, as a backgrounded app may.
            consequences.append(.sync(context.capabilities.suspendsInBackground && !context.isActive ? Self.beforeSuspending(in: context) : .soon))
            if context.capabilities.isExtension { consequences.append(.signalOtherProcesses) }
        case .watchPushed:
            consequences.append(.sync(context.isActive ? .soon : Self.beforeSuspending(in: context)))
        case .otherProcessWrote:
            consequences.append(.sync(.soon))
        case .activated:
            consequences.append(.sync(.pull(.activation)))
        case .pulled, .refresh, .reminderArrived, .launched, .notificationsAsked, .pullAsked, .watchLinkActivated, .resignedActive, .syncAsked, .networkChanged, .phoneReachabilityChanged,
             .openAppTick, .resendAsked:
            break
        }
    }
}

extension RuntimeEvent {
    /// The paired watch's push, answered here (on the phone).
    var isWatchPush: Bool {
        if case .watchPushed = self { true } else { false }
    }
}
