import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// "I'm planning N drinks": optional when a session starts, shown beside the Waterline everywhere,
/// one calm note when reached, "Planned 4 · had 5" in the summary, synced with the session.
@Suite("A plan for the session")
@MainActor
struct SessionPlanTests {
    /// The phone with Home on it, settings as given.
    func home(_ settings: UserSettings = UserSettings(waterEveryNDrinks: 9)) async throws -> (HomeModel, DeviceProcess, ServiceHarness, MemoryPreferences) {
        let harness = try await ServiceHarness.prepared(settings)
        let phone = DeviceProcess(
            harness,
            expecting: [.reminders, .nudge, .liveActivity, .widgets, .watch, .sync, .screens], wristExpecting: [.reminders, .widgets]
        )
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.becameActive)
        let preferences = MemoryPreferences()
        let home = HomeModel(actions: phone.runtime, preferences: preferences)
        await home.appeared()
        return (home, phone, harness, preferences)
    }

    @Test("no plan by default; planned, the session carries it and every surface says \"0 of 4 planned\"")
    func planned() async throws {
        let (home, phone, harness, preferences) = try await home()
        #expect(!home.isPlanning)
        home.planToggled()
        #expect(home.plannedDrinks == 4 && home.plannedDrinksText == "4 drinks")
        await home.startSessionButtonTapped()
        let snapshot = try #require(home.startedSession)
        #expect(snapshot.session.plannedDrinks == 4)
        #expect(preferences.lastPlannedDrinks == 4, "remembered as the next session's suggestion")

        let screen = ActiveSessionModel(actions: phone.runtime)
        await screen.appeared()
        #expect(screen.planText == "0 of 4 planned")
        let glance = try #require(phone.liveActivities.running[snapshot.session.id])
        #expect(LiveActivityPresentation(glance: glance).planLine == "0 of 4 planned")
        let widget = try #require(phone.widgets.showing)
        #expect(WidgetPresentation(snapshot: widget, family: .systemMedium).planLine == "0 of 4 planned")
        #expect(WidgetPresentation(snapshot: widget, family: .accessoryCircular).planLine == nil)
        #expect(WatchDisplay(try await phone.watchSees(), unsent: 0).plan?.text == "0 of 4 planned")
        #expect(try await harness.store.pendingChanges().contains { $0.payload == .session(snapshot.session.record) }, "it syncs with the session")
    }

    @Test("a session started without a plan has none; the last plan is the suggestion next time", arguments: [nil, 6] as [Int?])
    func suggestion(last: Int?) async throws {
        let (home, _, _, preferences) = try await home()
        preferences.lastPlannedDrinks = last
        await home.startSessionButtonTapped()
        #expect(home.startedSession?.session.plannedDrinks == nil)
        home.planToggled()
        #expect(home.plannedDrinks == (last ?? 4))
        for _ in 0..<40 { home.planStepped(up: true) }
        #expect(home.plannedDrinks == 30, "at most 30")
    }

    @Test("the drink that reaches the plan gets one calm note, discreet as chosen; the ones after do not")
    func note() async throws {
        let (home, phone, harness, _) = try await home(UserSettings(waterEveryNDrinks: 9, warningThreshold: 20))
        home.planToggled()
        for _ in 0..<2 { home.planStepped(up: false) }
        await home.startSessionButtonTapped()
        for minute in 1...3 {
            harness.clock.advance(minutes: 10)
            try await phone.runtime.send(.logDrink(.quick, source: .phone))
            let notes = phone.notifications.posted.filter { $0.kind == .planReached }
            #expect(notes.count == (minute >= 2 ? 1 : 0), "after drink \(minute)")
        }
        let note = try #require(phone.notifications.posted.first { $0.kind == .planReached })
        #expect(note.content.title == "A quick check-in" && !note.content.body.lowercased().contains("drink"), "discreet by default")
        #expect(note.content.detailBody.hasPrefix("You've reached the 2 drinks you planned."))
    }

    @Test("changed during the session, and ended: the summary says \"Planned 3 · had 4\"")
    func summary() async throws {
        let (home, phone, harness, _) = try await home()
        await home.startSessionButtonTapped()
        let screen = ActiveSessionModel(actions: phone.runtime)
        await screen.appeared()
        #expect(screen.planText == nil)
        await screen.planStepped(up: false)
        #expect(screen.plannedDrinks == nil, "down from no plan stays without one")
        await screen.planStepped(up: true)
        #expect(screen.planText == "0 of 4 planned", "up from no plan starts at 4")
        await screen.planChanged(to: 1)
        await screen.planStepped(up: false)
        #expect(screen.plannedDrinks == nil, "down from 1 is no plan again")
        await screen.planChanged(to: 30)
        await screen.planStepped(up: true)
        #expect(screen.plannedDrinks == 30, "at most 30")
        await screen.planChanged(to: 3)
        #expect(screen.planText == "0 of 3 planned")
        for _ in 0..<2 {
            harness.clock.advance(minutes: 10)
            try await phone.runtime.send(.logDrink(.size(try #require(DrinkCatalog.size(id: "liquor-double")), estimate: nil), source: .phone))
        }
        harness.clock.advance(minutes: 10)
        let ended = try #require(try await phone.runtime.send(.endSession()).session)
        let summary = SummaryModel(update: ended, settings: UserSettings(), isEditable: true, actions: phone.runtime)
        #expect(summary.planText == "Planned 3 · had 4")
    }

    @Test("a plan outside 1 to 30, or with no session running, is refused and nothing changes")
    func refused() async throws {
        let (home, phone, _, _) = try await home()
        await #expect(throws: SessionServiceError.noActiveSession) { try await phone.runtime.send(.setPlan(drinks: 4)) }
        await home.startSessionButtonTapped()
        for drinks in [0, 31] {
            await #expect(throws: SessionServiceError.self) { try await phone.runtime.send(.setPlan(drinks: drinks)) }
        }
        #expect(try await phone.runtime.reader.currentState().active?.session.plannedDrinks == nil)
    }
}
