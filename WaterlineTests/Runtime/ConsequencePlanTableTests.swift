import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineStorage
@testable import WaterlineRuntime
import WaterlineTestSupport

/// The whole table of what follows a change, read from the pure plan with no fake in sight:
/// every action (from `SessionAction.Kind.allCases`, so a new one fails here until it has a
/// row) × every origin × every device's capabilities: the phone's app in front and in the
/// background, an extension's process, the watch app in front and in the background, and the
/// command line.
/// The results are the real service's, over an in-memory store; the plan is asked as the
/// executor asks it, with what the surfaces showed before.
@Suite("What follows each action, from every origin, in every process")
@MainActor
struct ConsequencePlanTableTests {
    /// What a consequence does, without its values.
    enum Effect: String, CaseIterable, Comparable, CustomStringConvertible {
        case nudge, banner, dismissBanner, snooze, askForNotifications, cancelReminders, cancelSnoozes, replaceReminders
        case startLiveActivity, dismissEndedLiveActivity, updateLiveActivity, endLiveActivity, widgets, watch, signal, syncSoon, syncBeforeSuspending, syncBeforeAnswering, pull, health, screens
        case syncNow, connection, lookWhileOpen, resend, registerCategories, activateWatchLink, refresh, followAnswer

        init(_ consequence: Consequence) {
            self = switch consequence {
            case .postNudge: .nudge
            case .showBanner: .banner
            case .dismissBanner: .dismissBanner
            case .scheduleSnooze: .snooze
            case .askForNotifications: .askForNotifications
            case .cancelReminders: .cancelReminders
            case .cancelSnoozes: .cancelSnoozes
            case .replaceReminders: .replaceReminders
            case .startLiveActivity: .startLiveActivity
            case .dismissEndedLiveActivity: .dismissEndedLiveActivity
            case .updateLiveActivity: .updateLiveActivity
            case .endLiveActivity: .endLiveActivity
            case .reloadWidgets: .widgets
            case .deliverToWatch: .watch
            case .scheduleRefresh: .refresh
            case .signalOtherProcesses: .signal
            case .sync(.soon): .syncSoon
            case .sync(.beforeSuspending): .syncBeforeSuspending
            case .sync(.beforeAnswering): .syncBeforeAnswering
            case .sync(.pull): .pull
            case .sync(.now): .syncNow
            case .sync(.connection): .connection
            case .sync(.lookWhileOpen): .lookWhileOpen
            case .sync(.resendRefused): .resend
            case .registerNotificationCategories: .registerCategories
            case .activateWatchLink: .activateWatchLink
            case .writeHealth: .health
            case .refreshScreens: .screens
            case .thenFollow: .followAnswer
            }
        }

        static func < (lhs: Effect, rhs: Effect) -> Bool { lhs.rawValue < rhs.rawValue }
        var description: String { rawValue }
    }

    /// Where the plan is asked: a device and its process, as its composition root builds them.
    enum Where: String, CaseIterable, CustomTestStringConvertible {
        case appInFront, appInBackground, appExtension, watchInFront, watchInBackground, commandLine
        var testDescription: String { rawValue }
        var capabilities: DeviceCapabilities {
            switch self {
            case .appInFront, .appInBackground: .phoneApp
            case .appExtension: .phoneExtension
            case .watchInFront, .watchInBackground: .watchApp
            case .commandLine: .commandLine
            }
        }
        var isActive: Bool { self == .appInFront || self == .watchInFront }
    }

    /// One action: whether a session runs before it, how to make it from the session set up, and what
    /// follows in the app in front, from a screen (the other places and origins follow the rules
    /// in `expected(_:from:in:)`).
    struct Row: Sendable {
        var kind: SessionAction.Kind
        var name: String
        var sessionRunning = true
        var make: @Sendable (Setup) async throws -> SessionAction
        var effects: Set<Effect>
    }

    typealias Setup = TableEvening

    nonisolated static let shownEverywhere: Set<Effect> = [.widgets, .watch, .syncSoon, .screens]

    nonisolated static let rows: [Row] = [
        Row(kind: .prepare, name: "finish onboarding with chosen settings", sessionRunning: false,
            make: { _ in .prepare(UserSettings(waterEveryNDrinks: 2, warningThreshold: 5)) }, effects: shownEverywhere),
        Row(kind: .startSession, name: "start a session", sessionRunning: false, make: { _ in .startSession },
            effects: shownEverywhere.union([.replaceReminders, .startLiveActivity])),
        Row(kind: .setPlan, name: "plan the session", make: { _ in .setPlan(drinks: 4) },
            effects: shownEverywhere.union([.updateLiveActivity])),
        Row(kind: .logDrink, name: "log a drink (N = 1: the per-drink reminder)", make: { _ in .logDrink(.quick, source: .phone) },
            effects: shownEverywhere.union([.nudge, .replaceReminders, .updateLiveActivity])),
        Row(kind: .logWater, name: "log water", make: { _ in .logWater(source: .phone) },
            effects: shownEverywhere.union([.cancelSnoozes, .replaceReminders, .updateLiveActivity])),
        Row(kind: .editLog, name: "edit a log", make: { setup in
            var edited = try #require(setup.drink)
            edited.alcoholMeta?.standardDrinkEstimate = 2
            return .editLog(edited)
        }, effects: shownEverywhere.union([.replaceReminders, .updateLiveActivity])),
        Row(kind: .deleteLog, name: "delete a log", make: { .deleteLog(id: try #require($0.drink).id) },
            effects: shownEverywhere.union([.replaceReminders, .updateLiveActivity])),
        Row(kind: .endSession, name: "end the session", make: { _ in .endSession() },
            effects: shownEverywhere.union([.cancelReminders, .endLiveActivity])),
        Row(kind: .remindLater, name: "remind me in 10 min (writes nothing)", make: { _ in .remindLater }, effects: [.snooze]),
        Row(kind: .keepGoing, name: "keep the session going", make: { _ in .keepGoing }, effects: shownEverywhere),
        // Not the quick drink: no widget shows it.
        Row(kind: .addPreset, name: "add a preset", make: { _ in .addPreset(PresetDraft(name: "Cider", drinkType: .beer, sizeOz: 12, abv: 6)) },
            effects: shownEverywhere.subtracting([.widgets])),
        // The first preset is the quick drink: the Live Activity's "+ Drink" names it.
        Row(kind: .editPreset, name: "rename the quick drink", make: { setup in
            var first = try #require(try await setup.presets.first)
            first.name = "Lager"
            return .editPreset(first)
        }, effects: shownEverywhere.union([.updateLiveActivity])),
        Row(kind: .deletePreset, name: "delete the quick drink", make: { .deletePreset(id: try #require(try await $0.presets.first).id) },
            effects: shownEverywhere.union([.updateLiveActivity])),
        Row(kind: .reorderPresets, name: "make another preset the quick drink", make: { .reorderPresets([try #require(try await $0.presets.last).id]) },
            effects: shownEverywhere.union([.updateLiveActivity])),
        Row(kind: .updateSettings, name: "change the reminder interval with a session running", make: { setup in
            var settings = try await setup.harness.service.settings()
            settings.timeReminderIntervalMinutes = 45
            return .updateSettings(settings)
        }, effects: shownEverywhere.union([.replaceReminders, .updateLiveActivity])),
        Row(kind: .deletePastSession, name: "delete a past session from History", make: { .deletePastSession(id: $0.past.id) },
            effects: shownEverywhere),
        Row(kind: .deleteAllData, name: "delete this device's data", make: { _ in .deleteAllData },
            effects: shownEverywhere.union([.cancelReminders, .endLiveActivity])),
    ]

    /// What follows `row`'s action from `origin` in `place`: only the phone's app shows a Live
    /// Activity and delivers to a watch; an extension's process signals the app; the command line
    /// has no notifications and no widgets; an app in the background (phone or watch) pushes before
    /// it is suspended; the banner whose "Log Water" made the change goes; the watch asks to be
    /// woken at the session's new boundary when a log, a start or the interval moved it.
    static func expected(_ row: Row, from origin: ActionOrigin, in place: Where) -> Set<Effect> {
        var effects = row.effects
        if place != .appInFront, place != .appInBackground {
            effects.subtract([.startLiveActivity, .updateLiveActivity, .endLiveActivity, .watch])
        }
        if place == .appExtension, effects.contains(.syncSoon) { effects.insert(.signal) }
        if place == .commandLine { effects.subtract([.nudge, .snooze, .cancelReminders, .cancelSnoozes, .replaceReminders, .widgets]) }
        // Out of the front a change goes before the process may be suspended: held by a background
        // task on the phone, before the call returns on the watch, which has none to hold.
        if [.appInBackground, .watchInBackground].contains(place), effects.remove(.syncSoon) != nil {
            effects.insert(place == .watchInBackground ? .syncBeforeAnswering : .syncBeforeSuspending)
        }
        if origin == .banner, place.isActive { effects.insert(.dismissBanner) }
        if place.capabilities.backgroundRefresh, [.startSession, .logDrink, .logWater, .updateSettings].contains(row.kind) { effects.insert(.refresh) }
        // Whatever the screens show again, Apple Health's writer follows (only the phone's app writes).
        if place.capabilities.appleHealth, effects.contains(.screens) { effects.insert(.health) }
        return effects
    }

    static func context(_ place: Where, before state: DeviceState, now: Date) -> PlanContext {
        let running = state.active.map { Set([$0.session.id]) } ?? []
        let capabilities = place.capabilities
        return PlanContext(
            capabilities: capabilities, isActive: place.isActive, watchAvailable: true, notificationsAllowed: true, now: now,
            sessionsWithReminders: capabilities.notifications ? running : [], liveActivities: capabilities.liveActivities ? running : []
        )
    }

    @Test("each action × origin × place", arguments: rows.map(\.kind), Where.allCases)
    func row(_ kind: SessionAction.Kind, _ place: Where) async throws {
        let row = try #require(Self.rows.first { $0.kind == kind })
        for origin in ActionOrigin.allCases {
            let setup = try await Setup(session: row.sessionRunning)
            let before = try await setup.harness.service.state()
            let context = Self.context(place, before: before, now: setup.harness.clock.now)
            // What the surfaces showed before: the state as it was, shown in full, the widgets
            // reloaded long enough ago for a change in the background to reload them again.
            var shown = ConsequencePlan.plan(.refresh(before), in: context, shown: LastShown()).shown
            shown.widgetsReloadedAt = nil
            let action = try await row.make(setup)
            #expect(action.kind == kind, "the row for \(kind) makes a \(action.kind)")
            let result = try await setup.harness.service.perform(action)
            let plan = ConsequencePlan.plan(.action(result, from: origin), in: context, shown: shown)
            let effects = plan.consequences.map(Effect.init)
            #expect(Set(effects) == Self.expected(row, from: origin, in: place), "\(row.name) from \(origin) in \(place): \(effects)")
            #expect(effects.count == Set(effects).count, "each surface once (one session runs)")
            if let screens = plan.consequences.last, Set(effects).contains(.screens) {
                #expect(Effect(screens) == .screens, "the screens refresh last, once every surface shows the change")
            }
        }
    }

    @Test("every action has a row")
    func everyAction() {
        #expect(Set(Self.rows.map(\.kind)) == Set(SessionAction.Kind.allCases))
        #expect(Self.rows.count == SessionAction.Kind.allCases.count, "one row each")
    }

    // MARK: Beyond actions

    @Test("a repeated action (a retried delivery) changes nothing and is followed by nothing")
    func repeatedDelivery() async throws {
        let setup = try await Setup(session: true)
        let first = try await setup.harness.service.perform(.logWater(source: .watch, id: UUID(number: 0x5A)))
        let context = Self.context(.appInFront, before: first.state, now: setup.harness.clock.now)
        let shown = ConsequencePlan.plan(.action(first, from: .notification), in: context, shown: LastShown()).shown
        let again = try await setup.harness.service.perform(.logWater(source: .watch, id: UUID(number: 0x5A)))
        #expect(ConsequencePlan.plan(.action(again, from: .notification), in: context, shown: shown).consequences.isEmpty)
    }

    @Test("a state older than one shown is never shown after it")
    func staleState() async throws {
        let setup = try await Setup(session: true)
        let older = try await setup.harness.service.perform(.logWater(source: .phone))
        let newer = try await setup.harness.service.perform(.logWater(source: .phone))
        let context = Self.context(.appInFront, before: newer.state, now: setup.harness.clock.now)
        let shown = ConsequencePlan.plan(.action(newer, from: .screen), in: context, shown: LastShown()).shown
        #expect(ConsequencePlan.plan(.action(older, from: .screen), in: context, shown: shown).consequences.isEmpty)
    }

    @Test("with notifications off, the nudge shows as the in-app banner while the app is open, and nowhere in the background")
    func nudgeWithoutNotifications() async throws {
        for place in [Where.appInFront, .appInBackground] {
            let setup = try await Setup(session: true)
            let before = try await setup.harness.service.state()
            var context = Self.context(place, before: before, now: setup.harness.clock.now)
            context.notificationsAllowed = false
            let result = try await setup.harness.service.perform(.logDrink(.quick, source: .phone))
            let effects = Set(ConsequencePlan.plan(.action(result, from: .screen), in: context, shown: LastShown()).consequences.map(Effect.init))
            #expect(effects.contains(.banner) == (place == .appInFront))
            #expect(!effects.contains(.nudge))
        }
    }

    @Test("a pull: every surface but the sync, and History reads again only when an ended session changed")
    func pulled() async throws {
        let setup = try await Setup(session: true)
        let state = try await setup.harness.service.state()
        let running = try #require(state.active).session.id
        let context = Self.context(.appInFront, before: state, now: setup.harness.clock.now)
        for (records, pastChanged) in [(ChangedRecords(sessions: [running]), false), (ChangedRecords(sessions: [setup.past.id]), true),
                                       (ChangedRecords(settings: true), false), (ChangedRecords.all, true)] {
            let plan = ConsequencePlan.plan(.pulled(state, records), in: context, shown: LastShown())
            let effects = Set(plan.consequences.map(Effect.init))
            #expect(effects.isDisjoint(with: [.syncSoon, .syncBeforeSuspending, .syncBeforeAnswering]), "what a pull brought is not pushed back")
            #expect(effects.isSuperset(of: [.replaceReminders, .updateLiveActivity, .widgets, .watch, .screens]))
            guard case .refreshScreens(let change)? = plan.consequences.last else { Issue.record("no screen refresh"); continue }
            #expect(change.pastSessionsChanged == pastChanged, "\(records)")
        }
    }

    @Test("after the watch's push the watch is delivered to (what the phone took, and only what it lacks); in the background the push goes on before suspending")
    func watchPushed() async throws {
        let setup = try await Setup(session: true)
        let state = try await setup.harness.service.state()
        for place in [Where.appInFront, .appInBackground] {
            let plan = ConsequencePlan.plan(.watchPushed(state, .all), in: Self.context(place, before: state, now: setup.harness.clock.now), shown: LastShown())
            let effects = Set(plan.consequences.map(Effect.init))
            #expect(plan.consequences.contains(.deliverToWatch(latest: false, complication: false)), "what the phone took, no latest state the watch's own push moved")
            #expect(effects.contains(place == .appInFront ? .syncSoon : .syncBeforeSuspending))
        }
    }

    @Test("the watch link coming up delivers to the watch only, and only from the phone's app with a watch paired")
    func watchLinkActivated() {
        var context = PlanContext(capabilities: .phoneApp, isActive: false, watchAvailable: true, notificationsAllowed: false, now: Fixed.start)
        let plan = ConsequencePlan.plan(.watchLinkActivated, in: context, shown: LastShown())
        #expect(plan.consequences == [.deliverToWatch(latest: true, complication: false)])
        context.watchAvailable = false
        #expect(ConsequencePlan.plan(.watchLinkActivated, in: context, shown: LastShown()).consequences.isEmpty)
        context.watchAvailable = true
        for capabilities in [DeviceCapabilities.phoneExtension, .watchApp, .commandLine] {
            context.capabilities = capabilities
            #expect(ConsequencePlan.plan(.watchLinkActivated, in: context, shown: LastShown()).consequences.isEmpty, "\(capabilities.device)")
        }
    }

    @Test("the complication's transfers: only while it is on the face, only when what it shows changed, at once for a session's start or end, otherwise spaced so the day's budget lasts until midnight")
    func complicationTransfers() async throws {
        let setup = try await Setup(session: true)
        let state = try await setup.harness.service.state()
        var context = Self.context(.appInBackground, before: state, now: setup.harness.clock.now)
        func complication(_ plan: ConsequencePlan) -> Bool? {
            for case .deliverToWatch(_, let complication) in plan.consequences { return complication }
            return nil
        }
        #expect(complication(ConsequencePlan.plan(.pulled(state, .all), in: context, shown: LastShown())) == false, "not on the face: no budget")
        context.complicationTransfersLeft = 50
        let first = ConsequencePlan.plan(.pulled(state, .all), in: context, shown: LastShown())
        #expect(complication(first) == true, "the session started: sent at once")
        #expect(complication(ConsequencePlan.plan(.pulled(state, .all), in: context, shown: first.shown)) == false, "the face shows the same")
        var later = state
        later.active?.state.totalWaterCount += 1
        context.now = context.now.addingTimeInterval(60)
        #expect(complication(ConsequencePlan.plan(.pulled(later, .all), in: context, shown: first.shown)) == false, "a minute later: spaced")
        let spacing = ConsequencePlan.complicationSpacing(at: context.now, left: 50)
        #expect(spacing >= ConsequencePlan.complicationSpacingFloor)
        context.now = setup.harness.clock.now.addingTimeInterval(spacing + 1)
        #expect(complication(ConsequencePlan.plan(.pulled(later, .all), in: context, shown: first.shown)) == true, "once the spacing has passed")
        var ended = state
        ended.active = nil
        context.now = setup.harness.clock.now.addingTimeInterval(120)
        #expect(complication(ConsequencePlan.plan(.pulled(ended, .all), in: context, shown: first.shown)) == true, "the session ended: at once, spacing or not")
        context.complicationTransfersLeft = 0
        #expect(complication(ConsequencePlan.plan(.pulled(ended, .all), in: context, shown: first.shown)) == false, "the day's budget is spent")
    }

    @Test("phone and watch plan the same session's reminders under the same identifiers, whatever the other allows")
    func sameRemindersOnBoth() async throws {
        let setup = try await Setup(session: true)
        let state = try await setup.harness.service.state()
        let snapshot = try #require(state.active)
        func planned(_ place: Where) -> [ReminderRequest]? {
            let plan = ConsequencePlan.plan(.refresh(state), in: Self.context(place, before: state, now: setup.harness.clock.now), shown: LastShown())
            for case .replaceReminders(let sessionId, let requests) in plan.consequences where sessionId == snapshot.session.id { return requests }
            return nil
        }
        let onPhone = try #require(planned(.appInBackground))
        #expect(!onPhone.isEmpty)
        #expect(planned(.watchInBackground) == onPhone, "the system shows a request scheduled on both devices once")
        #expect(planned(.commandLine) == nil, "a terminal has no notifications")
    }

    @Test("a plan handed over while notifications were refused is handed over again once they are allowed, and only then")
    func allowedReplans() async throws {
        let setup = try await Setup(session: true)
        let state = try await setup.harness.service.state()
        var context = Self.context(.appInBackground, before: state, now: setup.harness.clock.now)
        context.notificationsAllowed = false
        let refused = ConsequencePlan.plan(.refresh(state), in: context, shown: LastShown())
        #expect(refused.consequences.map(Effect.init).contains(.replaceReminders))
        #expect(!ConsequencePlan.plan(.refresh(state), in: context, shown: refused.shown).consequences.map(Effect.init).contains(.replaceReminders))
        context.notificationsAllowed = true
        let allowed = ConsequencePlan.plan(.refresh(state), in: context, shown: refused.shown)
        #expect(allowed.consequences.map(Effect.init).contains(.replaceReminders), "turned on mid-session: pending at once")
        #expect(!ConsequencePlan.plan(.refresh(state), in: context, shown: allowed.shown).consequences.map(Effect.init).contains(.replaceReminders))
    }

    @Test("the watch asks for its own notifications when it is open with a session running and was never asked, once; nothing else asks")
    func watchAsks() async throws {
        let setup = try await Setup(session: true)
        let state = try await setup.harness.service.state()
        func asks(_ place: Where, unasked: Bool = true, state: DeviceState, shown: LastShown = LastShown()) -> ConsequencePlan {
            var context = Self.context(place, before: state, now: setup.harness.clock.now)
            context.notificationsAllowed = false
            context.notificationsUnasked = unasked
            return ConsequencePlan.plan(.refresh(state), in: context, shown: shown)
        }
        let first = asks(.watchInFront, state: state)
        #expect(first.consequences.map(Effect.init).contains(.askForNotifications))
        #expect(first.consequences.last == .thenFollow(.refresh(state)), "what the answer allows is planned once it is given")
        #expect(!asks(.watchInFront, state: state, shown: first.shown).consequences.map(Effect.init).contains(.askForNotifications), "once")
        #expect(!asks(.watchInFront, state: state, shown: first.shown).consequences.map(Effect.init).contains(.followAnswer), "no question, nothing planned after")
        for place in Where.allCases where place != .watchInFront {
            #expect(!asks(place, state: state).consequences.map(Effect.init).contains(.askForNotifications), "\(place)")
        }
        #expect(!asks(.watchInFront, unasked: false, state: state).consequences.map(Effect.init).contains(.askForNotifications), "answered before")
        let noSession = try await TableEvening(session: false).harness.service.state()
        #expect(!asks(.watchInFront, state: noSession).consequences.map(Effect.init).contains(.askForNotifications), "no session yet")
    }

    @Test("widgets reload once an event, only when what they show changed; a reminder falling due does not reload them (their timeline moves on); in the background a change to a session being logged in waits for the widget's own reload, which its timeline asks for every quarter hour, and the watch's for ten minutes after the last; a session's start or end reloads at once")
    func widgetReloads() async throws {
        let setup = try await Setup(session: true)
        let clock = setup.harness.clock
        let state = try await setup.harness.service.state()
        func reloads(_ plan: ConsequencePlan) -> Int { plan.consequences.count { if case .reloadWidgets = $0 { true } else { false } } }
        var context = Self.context(.appInBackground, before: state, now: clock.now)
        let first = ConsequencePlan.plan(.refresh(state), in: context, shown: LastShown())
        #expect(reloads(first) == 1)
        #expect(reloads(ConsequencePlan.plan(.refresh(state), in: context, shown: first.shown)) == 0, "nothing changed")
        let due = try #require(state.active?.reminders.requests.first).fireDate
        context.now = due.addingTimeInterval(1)
        let later = try await setup.harness.service.state()
        #expect(reloads(ConsequencePlan.plan(.refresh(later), in: context, shown: first.shown)) == 0, "the timeline already moved on to the next reminder")

        clock.set(first.shown.widgetsReloadedAt!.addingTimeInterval(60))
        let water = try await setup.harness.service.perform(.logWater(source: .watch))
        context.now = clock.now
        let soon = ConsequencePlan.plan(.action(water, from: .screen), in: context, shown: first.shown)
        #expect(reloads(soon) == 0, "a minute after the last reload, in the background: it waits")
        var watch = Self.context(.watchInBackground, before: state, now: clock.now)
        watch.now = clock.now
        let onWrist = ConsequencePlan.plan(.action(water, from: .screen), in: watch, shown: first.shown)
        #expect(reloads(onWrist) == 0, "the complication, on the same budget, waits too")
        #expect(onWrist.consequences.contains(.scheduleRefresh(at: first.shown.widgetsReloadedAt!.addingTimeInterval(ConsequencePlan.backgroundWidgetSpacing))),
                "and the watch asks to be woken when it is due, so the face ends on the session's last state")
        context.isActive = true
        #expect(reloads(ConsequencePlan.plan(.action(water, from: .screen), in: context, shown: first.shown)) == 1, "in front, reloads are free")
        context.isActive = false
        let handed = try #require(first.shown.widgets)
        #expect(WidgetSelfReload.date(for: handed) == handed.generatedAt.addingTimeInterval(WidgetSelfReload.interval), "the timeline asks WidgetKit to reload it in a quarter hour")
        context.now = clock.now.addingTimeInterval(ConsequencePlan.backgroundWidgetSpacing)
        #expect(reloads(ConsequencePlan.plan(.refresh(water.state), in: context, shown: soon.shown)) == 0, "ten minutes on: that reload is still to come, and brings the water")
        context.now = handed.generatedAt.addingTimeInterval(3 * 60 * 60)
        #expect(reloads(ConsequencePlan.plan(.refresh(water.state), in: context, shown: soon.shown)) == 1, "hours after the session was last logged in, nothing reloads by itself: the app does")
        let ended = try await setup.harness.service.perform(.endSession())
        context.now = clock.now
        #expect(reloads(ConsequencePlan.plan(.action(ended, from: .screen), in: Self.context(.appInBackground, before: ended.state, now: clock.now), shown: soon.shown)) == 1, "a session's end reloads at once")
    }
}
