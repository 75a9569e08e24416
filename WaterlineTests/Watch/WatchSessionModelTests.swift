import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Watch screen: optimistic logs reconciled with the phone")
@MainActor
struct WatchSessionModelTests {
    final class Outbox: @unchecked Sendable {
        var sent: [WatchMessage] = []
    }

    let sessionId = UUID(number: 0x5E55)

    func snapshot(value: Double, drinks: Int, water: Int, logIds: [UUID] = [], handled: [UUID] = [], at minutes: Double, active: Bool = true) -> WatchSnapshot {
        let state = SessionGlance(
            sessionId: sessionId, startTime: Fixed.start, waterlineValue: value, totalAlcoholCount: drinks, totalWaterCount: water,
            isWarning: value >= 2, drinksUntilWaterDue: 0, nextReminderDate: nil, isEnded: false
        )
        return WatchSnapshot(
            session: active ? state : nil, presets: [.mockDouble], defaultWaterAmountOz: 8, warningThreshold: 2,
            logIds: logIds, handledRequestIds: handled, sentAt: Fixed.at(minutes: minutes)
        )
    }

    func model(_ outbox: Outbox, clock: TestClock = TestClock()) -> WatchSessionModel {
        let ids = IncrementingUUIDs()
        return WatchSessionModel(send: { outbox.sent.append($0) }, now: { clock.now }, makeID: { ids() })
    }

    @Test("no session: a quiet empty state and Start Session")
    func noSession() {
        let outbox = Outbox()
        let watch = model(outbox)
        #expect(!watch.display.hasSession)
        watch.waterButtonTapped()
        #expect(outbox.sent.isEmpty)
        watch.startSessionTapped()
        #expect(watch.isStarting)
        if case .startSession = outbox.sent.first {} else { Issue.record("expected a start message") }
        watch.snapshotReceived(snapshot(value: 0, drinks: 0, water: 0, at: 1))
        #expect(!watch.isStarting)
        #expect(watch.display.hasSession)
    }

    @Test("a Start the phone refused as too late says why and offers Start again")
    func startRefused() throws {
        let outbox = Outbox()
        let clock = TestClock()
        let watch = model(outbox, clock: clock)
        watch.startSessionTapped()
        guard case .startSession(let requestId, let requestedAt)? = outbox.sent.first else {
            Issue.record("expected a start message")
            return
        }
        #expect(requestedAt == clock.now, "the tap's time travels with it")
        let refusal = WatchRefusal(requestId: requestId, problem: .tooLate)
        let answer = WatchSnapshot(session: nil, presets: [], defaultWaterAmountOz: 8, warningThreshold: 2, refusals: [refusal], sentAt: Fixed.at(minutes: 1))
        watch.snapshotReceived(answer)
        #expect(!watch.isStarting)
        #expect(watch.problemMessage == WatchProblem.tooLate.message)
        #expect(!watch.display.hasSession)
    }

    @Test("a Start nobody answered is offered again once the phone would no longer honour it")
    func startUnanswered() {
        let outbox = Outbox()
        let clock = TestClock()
        let watch = model(outbox, clock: clock)
        watch.startSessionTapped()
        clock.advance(minutes: 9)
        #expect(watch.isStarting)
        clock.advance(minutes: 2)
        #expect(!watch.isStarting, "not stuck on Starting… for good")
        watch.startSessionTapped()
        #expect(outbox.sent.count == 2 && watch.isStarting)
    }

    @Test("a tap shows at once and the message carries the session; the phone's snapshot takes over")
    func optimistic() {
        let outbox = Outbox()
        let watch = model(outbox)
        watch.snapshotReceived(snapshot(value: 1, drinks: 1, water: 0, at: 1))
        watch.drinkButtonTapped()
        #expect(watch.isPickingPreset)
        watch.presetTapped(.mockDouble)
        #expect(watch.display.waterlineValue == 3)
        #expect(watch.display.isWarning)
        #expect(watch.display.unconfirmed == 1)
        guard case .logDrink(let request) = outbox.sent.last else { Issue.record("expected a drink message"); return }
        #expect(request.sessionId == sessionId)
        #expect(request.presetId == DrinkPreset.mockDouble.id)
        watch.snapshotReceived(snapshot(value: 3, drinks: 2, water: 0, logIds: [request.id], at: 2))
        #expect(watch.display.waterlineValue == 3, "not counted twice")
        #expect(watch.display.unconfirmed == 0)
    }

    @Test("a snapshot that arrives late (older than the one shown) is ignored")
    func lateSnapshot() {
        let watch = model(Outbox())
        watch.snapshotReceived(snapshot(value: 2, drinks: 2, water: 0, at: 5))
        watch.snapshotReceived(snapshot(value: 0, drinks: 0, water: 0, at: 3))
        #expect(watch.display.waterlineValue == 2)
    }

    @Test("a log handled but since undone on the phone stops counting; a lost one ages out")
    func reconciliation() {
        let outbox = Outbox()
        let clock = TestClock()
        let watch = model(outbox, clock: clock)
        watch.snapshotReceived(snapshot(value: 0, drinks: 0, water: 0, at: 0))
        watch.waterButtonTapped()
        watch.waterButtonTapped()
        #expect(watch.display.waterlineValue == -2)
        guard case .logWater(let first) = outbox.sent[0] else { Issue.record("expected water"); return }
        watch.snapshotReceived(snapshot(value: 0, drinks: 0, water: 0, handled: [first.id], at: 1))
        #expect(watch.display.waterlineValue == -1, "the first was handled (and undone on the phone); the second still shows")
        clock.advance(minutes: 11)
        watch.snapshotReceived(snapshot(value: 0, drinks: 0, water: 0, at: 12))
        #expect(watch.display.unconfirmed == 0, "a log unconfirmed for ten minutes stops counting")
    }

    @Test("ending asks first, hides the session at once, and names the session it ends")
    func end() {
        let outbox = Outbox()
        let watch = model(outbox)
        watch.snapshotReceived(snapshot(value: 1, drinks: 1, water: 0, at: 1))
        watch.endSessionButtonTapped()
        #expect(watch.isConfirmingEnd)
        watch.endSessionConfirmed()
        #expect(!watch.display.hasSession)
        guard case .endSession(_, let ending) = outbox.sent.last else { Issue.record("expected an end message"); return }
        #expect(ending == sessionId)
        watch.snapshotReceived(snapshot(value: 1, drinks: 1, water: 0, at: 2, active: false))
        #expect(!watch.display.hasSession)
    }
}
