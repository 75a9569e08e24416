import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// The system boundary of the consequence table (`ConsequencePlanTableTests` holds the table
/// itself, pure): every action, and every entry point the system calls, through the runtime
/// with fakes that fail loudly on a surface the row does not name. Each row also checks that the
/// surfaces it reached show the new state (not merely that they were called).
@Suite("Every action reaches every surface it must, and no other")
@MainActor
struct ActionConsequenceTableTests {
    typealias Surface = PlatformLog.Surface

    /// One row: what is already there, what the person (or the system) does, which surfaces must
    /// follow, which may (when the action happens not to change what they show), and what they
    /// must show after.
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        /// Whether a session runs before the action (started at `Fixed.start`, a drink at +5 min).
        var sessionRunning = true
        var must: Set<Surface>
        var may: Set<Surface> = []
        /// Runs in the app's process unless this is set.
        var process: DeviceCapabilities = .phoneApp
        var act: @MainActor @Sendable (Table) async throws -> Void
        var check: @MainActor @Sendable (Table) async throws -> Void = { _ in }

        var testDescription: String { name }
    }

    /// The phone the rows run on, with a screen open and the watch paired.
    @MainActor
    final class Table {
        let harness: ServiceHarness
        let phone: DeviceProcess
        let snapshot: SessionSnapshot?
        let past: Session
        let drink: LogEntry?
        var marker = 0

        init(session running: Bool, process: DeviceCapabilities) async throws {
            let evening = try await TableEvening(session: running)
            (harness, past, drink, snapshot) = (evening.harness, evening.past, evening.drink, evening.snapshot)
            phone = DeviceProcess(
                harness, capabilities: process,
                expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens], wristExpecting: [.reminders, .nudge, .widgets]
            )
            await phone.runtime.handle(.launched)
            // The app is open; an extension's process never comes to the front.
            if !process.isExtension { await phone.runtime.handle(.becameActive) }
            await phone.settled()
        }

        var runtime: AppRuntime { phone.runtime }
        var state: DeviceState { get async throws { try await runtime.reader.currentState() } }
    }

    nonisolated static let rows: [Row] = [
        Row(name: "finish onboarding with chosen settings", sessionRunning: false, must: [.widgets, .watch, .sync, .screens],
            act: { try await $0.runtime.send(.prepare(UserSettings(waterEveryNDrinks: 2, warningThreshold: 5))) },
            check: { table in
                let watch = try await table.phone.watchSees()
                #expect(watch.settings.warningThreshold == 5)
            }),
        Row(name: "start a session", sessionRunning: false, must: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens],
            act: { try await $0.runtime.send(.startSession) },
            check: { table in
                let active = try #require(try await table.state.active)
                #expect(table.phone.liveActivities.running[active.session.id] != nil)
                #expect(table.phone.notifications.pendingByDate.first?.fireDate == active.reminders.nextReminderDate)
                let seen = try await table.phone.watchSees()
                #expect(seen.active?.session.id == active.session.id)
            }),
        Row(name: "plan the session: 4 drinks", must: [.liveActivity, .widgets, .watch, .sync, .screens],
            act: { try await $0.runtime.send(.setPlan(drinks: 4)) },
            check: { table in
                let active = try #require(try await table.state.active)
                #expect(active.session.plannedDrinks == 4)
                #expect(table.phone.liveActivities.running[active.session.id]?.plannedDrinks == 4, "the Live Activity says \"0 of 4 planned\"")
                #expect(table.phone.widgets.showing?.plannedDrinks == 4)
                #expect(try await table.phone.watchSees().active?.session.plannedDrinks == 4, "the watch shows the plan")
            }),
        Row(name: "log a drink (N = 1: the per-drink reminder)", must: [.nudge, .liveActivity, .widgets, .watch, .sync, .screens], may: [.reminders],
            act: { try await $0.runtime.send(.logDrink(.quick, source: .phone)) },
            check: { table in
                #expect(table.phone.notifications.posted.last?.kind == .perDrink)
                let seen = try await table.phone.watchSees()
                #expect(seen.active?.state.totalAlcoholCount == 2)
                #expect(table.phone.liveActivities.running.values.first?.totalAlcoholCount == 2)
            }),
        Row(name: "log water", must: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens],
            act: { try await $0.runtime.send(.logWater(source: .phone)) },
            check: { table in
                #expect(table.phone.notifications.pendingByDate.first?.fireDate == table.harness.clock.now.addingTimeInterval(20 * 60))
                let seen = try await table.phone.watchSees()
                #expect(seen.active?.state.totalWaterCount == 1)
            }),
        Row(name: "edit a log", must: [.liveActivity, .widgets, .watch, .sync, .screens], may: [.reminders],
            act: { table in
                var edited = try #require(table.drink)
                edited.alcoholMeta?.standardDrinkEstimate = 2
                try await table.runtime.send(.editLog(edited))
            },
            check: { table in #expect(table.phone.liveActivities.running.values.first?.waterlineValue == 2) }),
        Row(name: "delete a log", must: [.liveActivity, .widgets, .watch, .sync, .screens], may: [.reminders],
            act: { try await $0.runtime.send(.deleteLog(id: try #require($0.drink).id)) },
            check: { table in
                let watch = try await table.phone.watchSees()
                #expect(watch.active?.state.totalAlcoholCount == 0)
            }),
        Row(name: "undo on the Active Session screen", must: [.liveActivity, .widgets, .watch, .sync, .screens], may: [.reminders, .nudge],
            act: { table in
                let screen = ActiveSessionModel(actions: table.runtime)
                await screen.appeared()
                await screen.waterButtonTapped()
                table.marker = table.phone.log.mark
                await screen.undoTapped()
                #expect(screen.waterCount == 0)
            },
            check: { table in
                let watch = try await table.phone.watchSees()
                #expect(watch.active?.state.totalWaterCount == 0)
            }),
        Row(name: "end the session", must: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens],
            act: { try await $0.runtime.send(.endSession()) },
            check: { table in
                #expect(table.phone.notifications.pending.isEmpty)
                #expect(table.phone.liveActivities.running.isEmpty)
                #expect(table.phone.liveActivities.ended.values.first??.isEnded == true)
                let seen = try await table.phone.watchSees()
                #expect(seen.active == nil)
            }),
        Row(name: "keep a quiet session going", must: [.liveActivity, .widgets, .watch, .sync, .screens], may: [.reminders],
            act: { table in
                // Nothing done for seven hours: the surfaces show the session over.
                table.harness.clock.advance(minutes: 7 * 60)
                await table.runtime.handle(.backgroundRefresh)
                await table.phone.settled()
                #expect(table.phone.widgets.showing?.isActive == false, "quiet: the widgets show no session")
                table.marker = table.phone.log.mark
                try await table.runtime.send(.keepGoing)
            },
            check: { table in
                let active = try #require(try await table.state.active)
                #expect(active.session.id == table.snapshot?.session.id, "the same session runs")
                #expect(table.phone.widgets.showing?.isActive == true, "live again on the widgets")
                #expect(try await table.phone.watchSees().active?.session.id == active.session.id, "and on the watch")
                try await table.runtime.send(.logWater(source: .phone))
                #expect(try await table.state.active?.session.id == active.session.id, "the next log joins it")
            }),
        Row(name: "remind me in 10 min", must: [.reminders],
            act: { table in
                let reminder = try #require(table.phone.notifications.pendingByDate.first)
                await table.runtime.handle(.notificationResponse(
                    NotificationResponse(actionIdentifier: NotificationAction.remindLater.rawValue, requestIdentifier: reminder.identifier)
                ))
            },
            check: { table in #expect(table.phone.notifications.pending.keys.contains { $0.hasPrefix("waterline.snooze.") }) }),
        Row(name: "add a preset", must: [.watch, .sync, .screens],
            act: { try await $0.runtime.send(.addPreset(PresetDraft(name: "Cider", drinkType: .beer, sizeOz: 12, abv: 6))) },
            check: { table in
                let watch = try await table.phone.watchSees()
                #expect(watch.presets.contains { $0.name == "Cider" } == true)
            }),
        // The first preset is the quick drink: the Live Activity's "+ Drink" names it.
        Row(name: "edit a preset", must: [.liveActivity, .widgets, .watch, .sync, .screens],
            act: { table in
                var beer = try #require(try await table.state.presets.first)
                beer.name = "Lager"
                try await table.runtime.send(.editPreset(beer))
            },
            check: { table in
                let seen = try await table.phone.watchSees()
                #expect(seen.presets.first?.name == "Lager")
                #expect(table.phone.liveActivities.running.values.first?.drinkButtonTitle == "+ Lager")
            }),
        Row(name: "delete a preset", must: [.liveActivity, .widgets, .watch, .sync, .screens],
            act: { try await $0.runtime.send(.deletePreset(id: try #require(try await $0.state.presets.first).id)) },
            check: { table in
                let seen = try await table.phone.watchSees()
                #expect(seen.presets.count == 4)
                let watchQuick = try await table.phone.watchSees().presets.first?.name
                #expect(table.phone.liveActivities.running.values.first?.quickDrinkName == watchQuick)
            }),
        Row(name: "make another preset the quick drink", must: [.liveActivity, .widgets, .watch, .sync, .screens],
            act: { table in
                let settings = SettingsModel(actions: table.runtime, account: nil, permissions: table.runtime, preferences: MemoryPreferences())
                await settings.appeared()
                table.marker = table.phone.log.mark
                await settings.presetMadeQuick(try #require(settings.presets.last))
                #expect(settings.errorMessage == nil)
            },
            check: { table in
                let first = try #require(try await table.phone.watchSees().presets.first)
                #expect(table.phone.liveActivities.running.values.first?.drinkButtonTitle == "+ \(first.name)")
                #expect(try await table.runtime.reader.widgetSnapshot().quickDrinkName == first.name)
            }),
        Row(name: "change settings with a session running", must: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens],
            act: { table in
                var settings = try await table.state.settings
                settings.timeReminderIntervalMinutes = 45
                try await table.runtime.send(.updateSettings(settings))
            },
            check: { table in
                #expect(table.phone.notifications.pendingByDate.first?.fireDate == Fixed.at(minutes: 24 * 60 + 60 + 45))
                let seen = try await table.phone.watchSees()
                #expect(seen.active?.reminders.nextReminderDate == Fixed.at(minutes: 24 * 60 + 60 + 45))
            }),
        Row(name: "change settings with no session", sessionRunning: false, must: [.widgets, .watch, .sync, .screens],
            act: { table in
                var settings = try await table.state.settings
                settings.warningThreshold = 4
                try await table.runtime.send(.updateSettings(settings))
            },
            check: { table in
                let watch = try await table.phone.watchSees()
                #expect(watch.settings.warningThreshold == 4)
            }),
        Row(name: "delete a past session from History", must: [.widgets, .watch, .sync, .screens],
            act: { try await $0.runtime.send(.deletePastSession(id: $0.past.id)) },
            check: { table in
                let past = try await table.runtime.reader.recentSessions(limit: 5)
                #expect(past.isEmpty)
            }),
        Row(name: "delete the account (signed out: this iPhone's data)", must: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens],
            act: { table in
                let settings = SettingsModel(actions: table.runtime, account: nil, permissions: table.runtime, preferences: MemoryPreferences())
                await settings.deleteAccountConfirmed()
                #expect(settings.accountDeleted)
            },
            check: { table in
                #expect(table.phone.notifications.pending.isEmpty && table.phone.liveActivities.running.isEmpty)
                // The watch follows its phone: what was erased there is erased on the wrist too.
                let watch = try await table.phone.watchSees()
                #expect(watch.active == nil)
                #expect(watch.presets.map(\.id) == (try await table.state).presets.map(\.id), "the phone's fresh start, and nothing older")
                #expect(try await table.phone.pairedWatch?.store.sessions(limit: nil).isEmpty == true, "the past session is gone from the wrist")
            }),
        Row(name: "a pull that changed the running session (a water logged on another device)",
            must: [.sync, .reminders, .liveActivity, .widgets, .watch, .screens],
            act: { table in
                // The engine merges another device's water into the store: its commit names the session.
                let snapshot = try #require(table.snapshot)
                let water = LogEntry.water(id: UUID(number: 0x0E), sessionId: snapshot.session.id, at: table.harness.clock.now, amountOz: 8)
                let store = table.harness.store
                table.phone.sync.nextPullBrings {
                    _ = try? await store.applyPage([.logEntry(water)], cursor: SyncCursor(accountId: UUID(number: 0xACC), position: 1))
                }
                await table.runtime.handle(.networkChanged(isOnline: false))
                await table.runtime.handle(.networkChanged(isOnline: true))
            },
            check: { table in
                let seen = try await table.phone.watchSees()
                #expect(seen.active?.state.totalWaterCount == 1)
                #expect(table.phone.liveActivities.running.values.first?.totalWaterCount == 1)
                #expect(table.phone.sync.pushes == 0, "a pulled change is not pushed back")
            }),
        Row(name: "a pull that brought another device's settings (time reminders every 45 minutes): read whole, every plan follows them",
            must: [.sync, .reminders, .liveActivity, .widgets, .watch, .screens],
            act: { table in
                var settings = try await table.state.settings
                settings.timeReminderIntervalMinutes = 45
                settings.updatedAt = table.harness.clock.now.addingTimeInterval(1)
                settings.fieldStamps = nil
                let (store, changed) = (table.harness.store, settings)
                table.phone.sync.nextPullBrings {
                    _ = try? await store.applyPage([.settings(changed)], cursor: SyncCursor(accountId: UUID(number: 0xACC), position: 3))
                }
                await table.runtime.handle(.networkChanged(isOnline: false))
                await table.runtime.handle(.networkChanged(isOnline: true))
            },
            check: { table in
                let session = try #require(table.snapshot).session
                let times = table.phone.notifications.pendingByDate.filter { $0.sessionId == session.id && $0.kind == .timeBased }.map(\.fireDate)
                #expect(times.count > 1)
                #expect(zip(times, times.dropFirst()).allSatisfy { $1.timeIntervalSince($0) == 45 * 60 }, "the reminders come every 45 minutes now")
                #expect(try await table.phone.watchSees().settings.timeReminderIntervalMinutes == 45)
            }),
        Row(name: "a pull that renamed the quick drink on another device: the presets read again, every surface names it",
            must: [.sync, .liveActivity, .widgets, .watch, .screens],
            act: { table in
                var preset = try #require(try await table.state.quickDrink)
                preset.name = "House Pint"
                preset.updatedAt = table.harness.clock.now.addingTimeInterval(1)
                let (store, record) = (table.harness.store, preset.record)
                table.phone.sync.nextPullBrings {
                    _ = try? await store.applyPage([.preset(record)], cursor: SyncCursor(accountId: UUID(number: 0xACC), position: 4))
                }
                await table.runtime.handle(.networkChanged(isOnline: false))
                await table.runtime.handle(.networkChanged(isOnline: true))
            },
            check: { table in
                #expect(table.phone.liveActivities.running.values.first?.quickDrinkName == "House Pint", "the Live Activity's + Drink names it")
                let seen = try await table.phone.watchSees()
                #expect(seen.quickDrink?.name == "House Pint", "the watch pulls it")
            }),
        Row(name: "a pull that ended the session on another device", must: [.sync, .reminders, .liveActivity, .widgets, .watch, .screens],
            act: { table in
                var ended = try #require(table.snapshot).session
                ended.isActive = false
                ended.endTime = table.harness.clock.now
                ended.updatedAt = table.harness.clock.now
                let (store, record) = (table.harness.store, ended.record)
                table.phone.sync.nextPullBrings {
                    _ = try? await store.applyPage([.session(record)], cursor: SyncCursor(accountId: UUID(number: 0xACC), position: 2))
                }
                await table.runtime.handle(.backgroundRefresh)
            },
            check: { table in
                #expect(table.phone.notifications.pending.isEmpty, "its reminders stop firing")
                #expect(table.phone.liveActivities.running.isEmpty)
            }),
        Row(name: "Log Water on a reminder", must: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens],
            act: { table in
                let reminder = try #require(table.phone.notifications.pendingByDate.first)
                await table.runtime.handle(.notificationResponse(
                    NotificationResponse(actionIdentifier: NotificationAction.logWater.rawValue, requestIdentifier: reminder.identifier)
                ))
            },
            check: { table in
                let watch = try await table.phone.watchSees()
                #expect(watch.active?.state.totalWaterCount == 1)
            }),
        Row(name: "Log Water on the in-app banner", must: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens],
            act: { await $0.runtime.handle(.bannerLogWater) },
            check: { table in #expect(table.phone.liveActivities.running.values.first?.totalWaterCount == 1) }),
        // The watch has its own drink: what goes back to it is at most the phone's latest state.
        Row(name: "a drink logged on the watch reaches the phone by the watch's push", must: [.liveActivity, .widgets, .sync, .screens], may: [.reminders, .watch],
            act: { table in try await table.phone.onWatch(.logDrink(.quick, source: .watch)) },
            check: { table in
                #expect(table.phone.liveActivities.running.values.first?.totalAlcoholCount == 2)
                let watch = try #require(table.phone.pairedWatch)
                #expect(watch.notifications.posted.map(\.kind) == [.perDrink], "the nudge buzzes on the wrist it was logged on, and not on the phone")
                #expect(table.phone.notifications.posted.isEmpty)
            }),
        Row(name: "a Live Activity button (an intent in the app's process)", must: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens],
            act: { _ = try await $0.runtime.handle(.intent(.logWater, source: .liveActivity)) }),
        Row(name: "a Home Screen widget button in the widget extension", must: [.reminders, .widgets, .signal, .screens], process: .phoneExtension,
            act: { _ = try await $0.runtime.handle(.intent(.logWater, source: .widget)) }),
        Row(name: "Siri starts a session in the intents extension", sessionRunning: false, must: [.reminders, .widgets, .signal, .screens], process: .phoneExtension,
            act: { _ = try await $0.runtime.handle(.intent(.startSession, source: .phone)) }),
    ]

    @Test("each row", arguments: rows)
    func row(_ row: Row) async throws {
        let table = try await Table(session: row.sessionRunning, process: row.process)
        table.marker = table.phone.log.mark
        table.phone.log.expect(row.must.union(row.may))
        try await row.act(table)
        await table.phone.settled()
        table.phone.log.expect(nil)
        let reached = table.phone.log.surfaces(since: table.marker)
        for surface in row.must.sorted(by: { $0.rawValue < $1.rawValue }) {
            #expect(reached.contains(surface), "\(row.name): \(surface) did not follow (reached: \(table.phone.log.describe(since: table.marker)))")
        }
        try await row.check(table)
    }

    /// The row that covers each action; the switch has no default, so a new action does not
    /// compile until it has a row.
    static func row(for kind: SessionAction.Kind) -> String {
        switch kind {
        case .prepare: "finish onboarding with chosen settings"
        case .startSession: "start a session"
        case .setPlan: "plan the session: 4 drinks"
        case .logDrink: "log a drink (N = 1: the per-drink reminder)"
        case .logWater: "log water"
        case .editLog: "edit a log"
        case .deleteLog: "delete a log"
        case .endSession: "end the session"
        case .remindLater: "remind me in 10 min"
        case .keepGoing: "keep a quiet session going"
        case .addPreset: "add a preset"
        case .editPreset: "edit a preset"
        case .deletePreset: "delete a preset"
        case .reorderPresets: "make another preset the quick drink"
        case .updateSettings: "change settings with a session running"
        case .deletePastSession: "delete a past session from History"
        case .deleteAllData: "delete the account (signed out: this iPhone's data)"
        }
    }

    @Test("the table has a row for every action there is")
    func everyAction() {
        let names = Set(Self.rows.map(\.name))
        for kind in SessionAction.Kind.allCases { #expect(names.contains(Self.row(for: kind)), "no row for \(kind)") }
    }
}
