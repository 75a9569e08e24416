import Foundation
import Testing
@testable import WaterlineKit
import WaterlineTestSupport

@Suite("Phone side of the watch conversation")
struct WatchMessageHandlerTests {
    func handler() async throws -> (WatchMessageHandler, ServiceHarness, SessionUpdate) {
        let harness = try await ServiceHarness.prepared()
        let started = try await harness.service.startSession()
        return (WatchMessageHandler(service: harness.service, effects: RecordingEffects()), harness, started)
    }

    @Test("a log delivered twice is logged once, and the snapshot says it was handled")
    func duplicates() async throws {
        let (handler, harness, started) = try await handler()
        let request = WatchLogRequest(id: UUID(number: 0xA1), timestamp: Fixed.at(minutes: 1), sessionId: started.session.id)
        harness.clock.advance(minutes: 2)
        _ = try await handler.handle(.logWater(request))
        let again = try await handler.handle(.logWater(request))
        #expect(again.problem == nil)
        #expect(again.snapshot.session?.totalWaterCount == 1)
        #expect(again.snapshot.handledRequestIds.contains(request.id))
        #expect(again.snapshot.logIds == [request.id])
        #expect(try await harness.store.logs(sessionId: started.session.id).first?.source == .watch)
    }

    @Test("a drink from a preset the phone still has; an unknown one is refused calmly")
    func presets() async throws {
        let (handler, harness, started) = try await handler()
        let double = try await harness.presetNamed("Double")
        let reply = try await handler.handle(.logDrink(WatchLogRequest(id: UUID(number: 0xB1), timestamp: Fixed.start, presetId: double.id, sessionId: started.session.id)))
        #expect(reply.snapshot.session?.waterlineValue == 2)
        let unknown = try await handler.handle(.logDrink(WatchLogRequest(id: UUID(number: 0xB2), timestamp: Fixed.start, presetId: UUID(number: 0xDEAD), sessionId: started.session.id)))
        #expect(unknown.problem?.contains("No preset") == true)
        #expect(unknown.snapshot.session?.totalAlcoholCount == 1)
    }

    @Test("a late end for an earlier session does not end the one running now; a repeated start starts nothing")
    func ordering() async throws {
        let (handler, harness, first) = try await handler()
        _ = try await handler.handle(.endSession(requestId: UUID(number: 1), sessionId: first.session.id))
        harness.clock.advance(minutes: 5)
        let start = WatchMessage.startSession(requestId: UUID(number: 2))
        let second = try await handler.handle(start)
        let secondId = try #require(second.snapshot.session?.sessionId)
        #expect(secondId != first.session.id)
        // The first end arrives again, late: nothing happens to the new session.
        let late = try await handler.handle(.endSession(requestId: UUID(number: 3), sessionId: first.session.id))
        #expect(late.snapshot.session?.sessionId == secondId)
        _ = try await harness.service.endSession()
        let repeated = try await handler.handle(start)
        #expect(repeated.snapshot.session == nil, "the repeated start was recognised")
    }

    @Test("a log queued while the phone was away lands in its own night, even after it ended")
    func lateLog() async throws {
        let (handler, harness, started) = try await handler()
        harness.clock.advance(minutes: 30)
        let ended = try await harness.service.endSession()
        #expect(ended.session.computedSummary?.totalWaterCount == 0)
        let late = WatchLogRequest(id: UUID(number: 0xC1), timestamp: Fixed.at(minutes: 20), sessionId: started.session.id)
        harness.clock.advance(minutes: 60)
        let reply = try await handler.handle(.logWater(late))
        #expect(reply.problem == nil)
        #expect(try await harness.service.session(id: started.session.id).session.computedSummary?.totalWaterCount == 1)
        let outside = WatchLogRequest(id: UUID(number: 0xC2), timestamp: Fixed.at(minutes: 45), sessionId: started.session.id)
        #expect(try await handler.handle(.logWater(outside)).problem != nil, "after the session's end it is refused")
    }
}
