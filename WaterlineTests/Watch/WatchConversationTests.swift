import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// The phone's side of the watch conversation, through the runtime as WatchConnectivity delivers
/// it: one answer per request (the reply when the watch waits for one, else the application
/// context), and a refusal tells the wrist why.
@Suite("Phone side of the watch conversation")
@MainActor
struct WatchConversationTests {
    func phone() async throws -> (DeviceProcess, ServiceHarness, SessionSnapshot) {
        let harness = try await ServiceHarness.prepared()
        let started = try await harness.service.startSession().night
        let phone = DeviceProcess(harness)
        phone.runtime.launched()
        return (phone, harness, started)
    }

    /// Sends `message` as `sendMessage` with a reply handler would, and reads the answer.
    func ask(_ phone: DeviceProcess, _ message: WatchMessage) async throws -> WatchSnapshot {
        let data = await phone.runtime.watchMessageReceived(try message.encoded(), replying: true)
        guard case .snapshot(let snapshot)? = try WatchMessage.decodeIfKnown(try #require(data)) else {
            Issue.record("the reply is not a snapshot")
            throw CancellationError()
        }
        return snapshot
    }

    @Test("a log delivered twice is logged once, and the snapshot says it was handled")
    func duplicates() async throws {
        let (phone, harness, started) = try await phone()
        let request = WatchLogRequest(id: UUID(number: 0xA1), timestamp: Fixed.at(minutes: 1), sessionId: started.session.id)
        harness.clock.advance(minutes: 2)
        _ = try await ask(phone, .logWater(request))
        let again = try await ask(phone, .logWater(request))
        #expect(again.refusals.isEmpty)
        #expect(again.session?.totalWaterCount == 1)
        #expect(again.handledRequestIds.contains(request.id))
        #expect(again.logIds == [request.id])
        #expect(try await harness.store.logs(sessionId: started.session.id).first?.source == .watch)
        #expect(phone.watch.contextUpdates == 0, "each answer went as the reply only")
    }

    @Test("a drink from a preset the phone still has; an unknown one is refused, and the wrist says why")
    func presets() async throws {
        let (phone, harness, started) = try await phone()
        let double = try await harness.presetNamed("Double")
        let reply = try await ask(phone, .logDrink(WatchLogRequest(id: UUID(number: 0xB1), timestamp: Fixed.start, presetId: double.id, sessionId: started.session.id)))
        #expect(reply.session?.waterlineValue == 2)
        let refusedId = UUID(number: 0xB2)
        let unknown = try await ask(phone, .logDrink(WatchLogRequest(id: refusedId, timestamp: Fixed.start, presetId: UUID(number: 0xDEAD), sessionId: started.session.id)))
        #expect(unknown.refusals == [WatchRefusal(requestId: refusedId, problem: .unknownPreset)])
        #expect(unknown.session?.totalAlcoholCount == 1)

        // On the wrist: the optimistic drink goes, and the reason shows in the watch's words.
        let ids = IncrementingUUIDs()
        let watch = WatchSessionModel(send: { _ in }, now: { Fixed.start }, makeID: { ids() })
        watch.snapshotReceived(reply)
        watch.presetTapped(DrinkPreset(id: UUID(number: 0xDEAD), userId: UUID(), name: "Gone", drinkType: .beer, sizeOz: 12, standardDrinkEstimate: 1, updatedAt: Fixed.start))
        #expect(watch.display.drinks == 2)
        var answer = unknown
        answer.refusals = [WatchRefusal(requestId: try #require(watch.pending.first?.request.id), problem: .unknownPreset)]
        answer.sentAt = reply.sentAt.addingTimeInterval(1)
        watch.snapshotReceived(answer)
        #expect(watch.display.drinks == 1)
        #expect(watch.problemMessage == "That drink is no longer one of your presets. Pick another.")
        watch.problemDismissed()
        #expect(watch.problemMessage == nil)
    }

    @Test("a late end for an earlier night does not end the one running now; a repeated start starts nothing")
    func ordering() async throws {
        let (phone, harness, first) = try await phone()
        _ = try await ask(phone, .endSession(requestId: UUID(number: 1), sessionId: first.session.id))
        harness.clock.advance(minutes: 5)
        let start = WatchMessage.startSession(requestId: UUID(number: 2))
        let second = try await ask(phone, start)
        let secondId = try #require(second.session?.sessionId)
        #expect(secondId != first.session.id)
        // The first end arrives again, late: nothing happens to the new night.
        let late = try await ask(phone, .endSession(requestId: UUID(number: 3), sessionId: first.session.id))
        #expect(late.session?.sessionId == secondId && late.refusals.isEmpty)
        _ = try await harness.service.endSession()
        let repeated = try await ask(phone, start)
        #expect(repeated.session == nil, "the repeated start was recognised")
    }

    @Test("a log queued while the phone was away lands in its own night, even after it ended; outside it, it is refused")
    func lateLog() async throws {
        let (phone, harness, started) = try await phone()
        harness.clock.advance(minutes: 30)
        let ended = try await harness.service.endSession().night
        #expect(ended.session.computedSummary?.totalWaterCount == 0)
        let late = WatchLogRequest(id: UUID(number: 0xC1), timestamp: Fixed.at(minutes: 20), sessionId: started.session.id)
        harness.clock.advance(minutes: 60)
        let reply = try await ask(phone, .logWater(late))
        #expect(reply.refusals.isEmpty)
        #expect(try await harness.service.session(id: started.session.id).session.computedSummary?.totalWaterCount == 1)
        let outside = WatchLogRequest(id: UUID(number: 0xC2), timestamp: Fixed.at(minutes: 45), sessionId: started.session.id)
        #expect(try await ask(phone, .logWater(outside)).refusals.map(\.problem) == [.outsideSession], "after the night's end it is refused")
    }

    @Test("queued delivery (no reply): one context per change, none for a repeat, and a refusal still reaches the wrist")
    func queuedDelivery() async throws {
        let (phone, _, started) = try await phone()
        let request = WatchLogRequest(id: UUID(number: 0xD1), timestamp: Fixed.start, sessionId: started.session.id)
        #expect(await phone.runtime.watchMessageReceived(try WatchMessage.logWater(request).encoded(), replying: false) == nil)
        #expect(phone.watch.contextUpdates == 1 && phone.watch.snapshot?.session?.totalWaterCount == 1)
        _ = await phone.runtime.watchMessageReceived(try WatchMessage.logWater(request).encoded(), replying: false)
        #expect(phone.watch.contextUpdates == 1, "a repeat needs no second answer")
        let stray = WatchLogRequest(id: UUID(number: 0xD2), timestamp: Fixed.start, sessionId: UUID(number: 0xFFFF))
        _ = await phone.runtime.watchMessageReceived(try WatchMessage.logWater(stray).encoded(), replying: false)
        #expect(phone.watch.contextUpdates == 2)
        #expect(phone.watch.snapshot?.refusals == [WatchRefusal(requestId: stray.id, problem: .noSession)])
    }
}
