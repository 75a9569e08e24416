import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineRuntime
import WaterlineSync
import WaterlineTestSupport

/// What follows each outside step that is not an action, read from the pure plan like the
/// actions' table: coming to the front, a reminder arriving, a pull asked for, the watch link
/// coming up. Every effect, the sync included, is the plan's.
@Suite("What follows each outside step, in every process")
@MainActor
struct OutsideStepPlanTests {
    typealias Effect = ConsequencePlanTableTests.Effect
    typealias Where = ConsequencePlanTableTests.Where

    static func effects(_ event: RuntimeEvent, _ place: Where, state: DeviceState, now: Date, notificationsAllowed: Bool = true) -> [Effect] {
        var context = ConsequencePlanTableTests.context(place, before: state, now: now)
        context.notificationsAllowed = notificationsAllowed
        return ConsequencePlan.plan(event, in: context, shown: LastShown()).consequences.map(Effect.init)
    }

    @Test("coming to the front shows everything again and pulls, pushing nothing", arguments: Where.allCases)
    func activated(_ place: Where) async throws {
        let setup = try await TableEvening(session: true)
        let state = try await setup.harness.service.state()
        let plan = ConsequencePlan.plan(.activated(state), in: ConsequencePlanTableTests.context(place, before: state, now: setup.harness.clock.now), shown: LastShown())
        #expect(plan.consequences.contains(.sync(.pull(.activation))))
        let effects = plan.consequences.map(Effect.init)
        #expect(effects.last == .screens)
        #expect(!effects.contains(.syncSoon) && !effects.contains(.syncBeforeSuspending) && !effects.contains(.syncBeforeAnswering), "nothing was written here")
        #expect(effects.contains(.widgets) == place.capabilities.widgets)
        #expect(effects.contains(.replaceReminders) == place.capabilities.notifications)
    }

    @Test("a pull asked for (launch, the paired phone's notice) is that pull and nothing else", arguments: Where.allCases)
    func pullAsked(_ place: Where) async throws {
        let setup = try await TableEvening(session: true)
        let state = try await setup.harness.service.state()
        for reason in [SyncScheduler.Reason.launch, .pairedDeviceChanged] {
            let context = ConsequencePlanTableTests.context(place, before: state, now: setup.harness.clock.now)
            #expect(ConsequencePlan.plan(.pullAsked(reason), in: context, shown: LastShown()).consequences == [.sync(.pull(reason))])
        }
    }

    @Test("launch: the reminder's category where notifications exist, the watch link on the phone's app, a pull but in an extension",
          arguments: Where.allCases)
    func launched(_ place: Where) async throws {
        let setup = try await TableEvening(session: true)
        let state = try await setup.harness.service.state()
        let capabilities = place.capabilities
        let context = ConsequencePlanTableTests.context(place, before: state, now: setup.harness.clock.now)
        var expected: [Consequence] = capabilities.notifications ? [.registerNotificationCategories] : []
        if !capabilities.isExtension {
            if capabilities.pairedWatch { expected.append(.activateWatchLink) }
            expected.append(.sync(.pull(.launch)))
        }
        #expect(ConsequencePlan.plan(.launched, in: context, shown: LastShown()).consequences == expected)
        #expect(place != .appInFront || expected == [.registerNotificationCategories, .activateWatchLink, .sync(.pull(.launch))])
    }

    @Test("leaving the front: the watch pushes what waits before it answers (it has no background task to hold); nowhere else does leaving sync", arguments: Where.allCases)
    func resignedActive(_ place: Where) async throws {
        let setup = try await TableEvening(session: true)
        let state = try await setup.harness.service.state()
        let context = ConsequencePlanTableTests.context(place, before: state, now: setup.harness.clock.now)
        let consequences = ConsequencePlan.plan(.resignedActive, in: context, shown: LastShown()).consequences
        #expect(consequences == (place.capabilities.pairedPhone ? [.sync(.beforeAnswering)] : []))
    }

    @Test("asking for notifications is the system's question, where there is one, and what the answer allows is planned once it is given", arguments: Where.allCases)
    func notificationsAsked(_ place: Where) async throws {
        let setup = try await TableEvening(session: true)
        let state = try await setup.harness.service.state()
        let context = ConsequencePlanTableTests.context(place, before: state, now: setup.harness.clock.now)
        let consequences = ConsequencePlan.plan(.notificationsAsked(state), in: context, shown: LastShown()).consequences
        #expect(consequences == (place.capabilities.notifications ? [.askForNotifications, .thenFollow(.refresh(state))] : []))
    }

    @Test("a sync asked for is that sync and nothing else: waited for, on the way back, while open, Send Again", arguments: Where.allCases)
    func syncAsked(_ place: Where) async throws {
        let setup = try await TableEvening(session: true)
        let state = try await setup.harness.service.state()
        let context = ConsequencePlanTableTests.context(place, before: state, now: setup.harness.clock.now)
        func plan(_ event: RuntimeEvent) -> [Consequence] { ConsequencePlan.plan(event, in: context, shown: LastShown()).consequences }
        for reason in [SyncScheduler.Reason.signIn, .commandLine, .backgroundRefresh] {
            #expect(plan(.syncAsked(reason)) == [.sync(.now(reason))])
        }
        for up in [false, true] {
            #expect(plan(.networkChanged(isOnline: up)) == [.sync(.connection(isUp: up))])
            // Only a watch reaches its backend through its phone.
            #expect(plan(.phoneReachabilityChanged(isReachable: up)) == (place.capabilities.pairedPhone ? [.sync(.connection(isUp: up))] : []))
        }
        // The open app's quiet look; in the background nobody is looking.
        #expect(plan(.openAppTick) == (place.isActive ? [.sync(.lookWhileOpen)] : []))
        #expect(plan(.resendAsked) == [.sync(.resendRefused)])
    }

    @Test("a reminder arriving: the banner when the app is in front and the system held it back or could not show it; never a push",
          arguments: Where.allCases)
    func reminderArrived(_ place: Where) async throws {
        let setup = try await TableEvening(session: true)
        let state = try await setup.harness.service.state()
        let content = try #require(state.active?.reminders.requests.first?.content)
        let now = setup.harness.clock.now
        for (presented, allowed) in [(true, true), (false, true), (false, false)] {
            let effects = Self.effects(.reminderArrived(state, content, presented: presented), place, state: state, now: now, notificationsAllowed: allowed)
            let banner = place.isActive && (presented || !allowed)
            #expect(effects.contains(.banner) == banner, "presented \(presented), allowed \(allowed)")
            #expect(effects.last == .screens, "Next reminder moves on")
            #expect(!effects.contains(.syncSoon) && !effects.contains(.syncBeforeSuspending) && !effects.contains(.syncBeforeAnswering) && !effects.contains(.pull))
        }
    }
}
