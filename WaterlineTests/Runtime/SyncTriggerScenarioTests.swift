import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// Every reason to sync the app has, sent the way the app sends it: through the runtime, whose
/// one scheduler runs the engine.
@Suite("Scenario: when the phone syncs")
@MainActor
struct SyncTriggerScenarioTests {
    @Test("Send Again releases the refused changes and pushes at once; with nothing refused it sends nothing")
    func sendAgain() async throws {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(harness, expecting: [.sync])
        phone.sync.refused = 2
        await phone.runtime.handle(.resendRefusedChanges)
        #expect(phone.sync.pushes == 1)
        #expect(phone.log.calls.map(\.call) == ["release 2 refusals", "push"])
        await phone.runtime.handle(.resendRefusedChanges)
        #expect(phone.sync.pushes == 1, "nothing was refused: nothing to send")
    }

    @Test("the cloud indicator and the watch's unsent count show what the runtime's last sync reported")
    func statusThroughRuntime() async throws {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(harness, expecting: [.reminders, .widgets, .watch, .sync, .screens])
        let indicator = SyncStatusModel(actions: phone.runtime)
        let watchScreen = WatchSessionModel(actions: phone.runtime)
        #expect(indicator.accessibilityLabel == "Synced" && watchScreen.unsent == 0)
        phone.sync.status = SyncStatus(phase: .offline, pendingCount: 3, failedCount: 1)
        let left = await phone.runtime.handle(.syncNow(.signIn))
        #expect(left.phase == .offline)
        #expect(indicator.accessibilityLabel == "Offline, 3 changes saved on this device")
        #expect(indicator.refusedText != nil)
        #expect(watchScreen.unsent == 4)
        phone.sync.status = SyncStatus(phase: .synced)
        _ = try await phone.runtime.send(.startSession)
        await phone.settled()
        #expect(indicator.symbolName == "checkmark.icloud", "the push after the change reported too")
    }

    @Test("launch and opening the app pull what changed elsewhere (then push)")
    func launchAndActivation() async throws {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(harness, expecting: [.widgets, .watch, .sync, .screens])
        await phone.runtime.handle(.launched)
        await phone.settled()
        #expect(phone.sync.pulls == 1)
        await phone.runtime.handle(.becameActive)
        await phone.settled()
        #expect(phone.sync.pulls == 2)
        #expect(await phone.runtime.syncHistory() == [.launch, .activation])
    }

    @Test("a write while the app is open is pushed after its pause (zero here; a burst is one push, see the scheduler's tests); the network coming back and background refresh pull")
    func writesNetworkAndRefresh() async throws {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(harness, expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens])
        await phone.runtime.handle(.becameActive)
        await phone.settled()
        let pulls = phone.sync.pulls
        try await phone.runtime.send(.startSession)
        try await phone.runtime.send(.logWater(source: .phone))
        await phone.settled()
        #expect(phone.sync.pushes == 2)
        await phone.runtime.handle(.networkChanged(isOnline: false))
        await phone.runtime.handle(.networkChanged(isOnline: true))
        await phone.runtime.handle(.backgroundRefresh)
        #expect(phone.sync.pulls == pulls + 2)
        #expect(await phone.runtime.syncHistory().suffix(3) == [.localChange, .networkBack, .backgroundRefresh])
    }

    @Test("signing in pulls through the same scheduler")
    func signIn() async throws {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(harness, expecting: [.sync])
        let session = AuthSession(token: "t", expiresAt: Fixed.start.addingTimeInterval(30 * 86_400),
                                  user: User(id: UUID(number: 0xACC), appleUserId: "apple", createdAt: Fixed.start, settings: UserSettings()))
        let value = try JSONSerialization.jsonObject(with: WaterlineCoding.encoder().encode(session))
        let answer = try JSONSerialization.data(withJSONObject: ["status": "success", "value": value])
        let client = ConvexClient(baseURL: URL(string: "https://example.convex.cloud")!,
                                  transport: ScriptedTransport([.json(200, String(decoding: answer, as: UTF8.self))]), token: { nil })
        let runtime = phone.runtime
        _ = SyncEngineTests.phone(harness, phone)
        let account = AccountService(auth: AuthClient(client: client, credentials: InMemoryCredentialStore(), now: { Fixed.start }), runtime: runtime)
        let model = AccountModel(account: account)
        await model.signInCompleted(identityToken: "apple-token", nonce: "n")
        #expect(model.isSignedIn)
        #expect(phone.sync.pulls == 1)
        #expect(await phone.runtime.syncHistory() == [.signIn])
    }

    @Test("a change made on a cold background launch is answered as soon as it is saved, and pushed in a background task of its own before the time is handed back")
    func backgroundPush() async throws {
        let (harness, started) = try await ServiceHarness.sessionStarted()
        let phone = DeviceProcess(harness, expecting: [.reminders, .widgets, .watch, .sync, .screens])
        let log = LogEntry.water(id: UUID(number: 0x77), sessionId: started.session.id, at: harness.clock.now, amountOz: 8)
        let message = try WatchMessage.request(.push(PushBatch(changes: [.logEntry(log)]))).encoded()
        let reply = try #require(await phone.runtime.handle(.watchMessage(message, replying: true)))
        guard case .answer(.pushed(let results))? = try WatchMessage.decodeIfKnown(reply) else { Issue.record("no answer"); return }
        #expect(results.results.first?.change == .logEntry(log), "the watch hears the phone kept it")
        #expect(phone.sync.pushes == 0 && phone.background.open.count == 1, "answered before the network: the push waits in its own background task")
        await phone.settled()
        let request = log
        #expect(phone.sync.pushes == 1, "pushed without waiting for a pause that may never come")
        let pushedAt = try #require(phone.log.calls.lastIndex { $0.surface == .sync && $0.call == "push" })
        #expect((phone.background.endedAt.last ?? 0) > pushedAt && phone.background.open.isEmpty,
                "the push's background task ended after the push")
        #expect(try await harness.store.pendingChanges().contains { $0.id == SyncKey(entity: .logEntry, id: request.id) },
                "the recording engine sends nothing; the change waits in the outbox as a real push would take it")
    }
}
