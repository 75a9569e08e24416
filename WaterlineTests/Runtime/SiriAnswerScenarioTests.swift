import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineRuntime
import WaterlineTestSupport

/// "How's my Waterline?" and "When is my next water?": Siri asks the runtime in whichever process
/// it runs (an extension's, cold), and answers in one line of the app's words, changing nothing.
@Suite("Scenario: Siri answers about the session")
@MainActor
struct SiriAnswerScenarioTests {
    @Test("with no session running, both questions are answered kindly, in a cold extension process, and nothing is written")
    func noSession() async throws {
        let harness = try await ServiceHarness.prepared()
        let siri = DeviceProcess(harness, capabilities: .phoneExtension)
        await siri.runtime.handle(.launched)
        let version = try await harness.store.changes(after: 0).version
        for question in IntentQuestion.allCases {
            let answer = await siri.runtime.handle(.question(question))
            #expect(answer == IntentAnswer(dialog: "No session is running right now. Start one whenever you like."))
        }
        #expect(try await harness.store.changes(after: 0).version == version, "a question writes nothing")
        #expect(siri.widgets.reloads == 0 && siri.signal.posts == 0)
    }

    @Test("the Waterline as VoiceOver says it, with the calm instruction past the threshold")
    func waterline() async throws {
        let (harness, _) = try await ServiceHarness.sessionStarted(UserSettings(waterEveryNDrinks: 5, warningThreshold: 3))
        let phone = DeviceProcess(harness, expecting: [.reminders, .nudge, .widgets, .watch, .sync, .screens])
        await phone.runtime.handle(.launched)
        #expect(await phone.runtime.handle(.question(.waterline)).dialog == "Your Waterline is 0, at center.")
        for _ in 0..<2 { _ = try await phone.runtime.handle(.intent(.logDrink(presetId: nil), source: .phone)) }
        let two = await phone.runtime.handle(.question(.waterline))
        #expect(two.dialog == "Your Waterline is plus 2, above center.")
        #expect(two.gauge?.value == 2 && two.gauge?.isWarning == false)
        _ = try await phone.runtime.handle(.intent(.logDrink(presetId: nil), source: .phone))
        #expect(await phone.runtime.handle(.question(.waterline)).dialog == "Your Waterline is plus 3, above your threshold. Drink water to return to center.")
        for _ in 0..<4 { _ = try await phone.runtime.handle(.intent(.logWater, source: .phone)) }
        #expect(await phone.runtime.handle(.question(.waterline)).dialog == "Your Waterline is minus 1, below center.")
    }

    @Test("when water comes next: due now, after so many drinks, and the timer's reminder when one is planned")
    func nextWater() async throws {
        let (harness, _) = try await ServiceHarness.sessionStarted(UserSettings(waterEveryNDrinks: 3, timeRemindersEnabled: true, timeReminderIntervalMinutes: 20))
        let phone = DeviceProcess(harness, expecting: [.reminders, .nudge, .widgets, .watch, .sync, .screens])
        await phone.runtime.handle(.launched)
        harness.clock.advance(minutes: 5)
        #expect(await phone.runtime.handle(.question(.nextWater)).dialog == "Your next water is after 3 more drinks. A reminder comes in 15 min.")
        _ = try await phone.runtime.handle(.intent(.logDrink(presetId: nil), source: .phone))
        _ = try await phone.runtime.handle(.intent(.logDrink(presetId: nil), source: .phone))
        #expect(await phone.runtime.handle(.question(.nextWater)).dialog == "Your next water is after 1 more drink. A reminder comes in 15 min.")
        _ = try await phone.runtime.handle(.intent(.logDrink(presetId: nil), source: .phone))
        #expect(await phone.runtime.handle(.question(.nextWater)).dialog == "It's time for a glass of water.")

        // Without time reminders, only the drinks are said.
        let (quiet, _) = try await ServiceHarness.sessionStarted(UserSettings(waterEveryNDrinks: 2, timeRemindersEnabled: false))
        let other = DeviceProcess(quiet, expecting: [.sync])
        await other.runtime.handle(.launched)
        #expect(await other.runtime.handle(.question(.nextWater)).dialog == "Your next water is after 2 more drinks.")
    }

    @Test("a session gone quiet (six hours after its last log) is no session to Siri either")
    func quietSession() async throws {
        let (harness, _) = try await ServiceHarness.sessionStarted()
        let phone = DeviceProcess(harness, expecting: [.reminders, .widgets, .watch, .sync, .screens])
        await phone.runtime.handle(.launched)
        _ = try await phone.runtime.handle(.intent(.logWater, source: .phone))
        harness.clock.advance(minutes: AbandonedSessionPolicy().quietAfter / 60 + 1)
        #expect(await phone.runtime.handle(.question(.waterline)).dialog == "No session is running right now. Start one whenever you like.")
    }
}
