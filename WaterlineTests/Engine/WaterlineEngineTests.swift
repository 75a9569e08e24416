import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("WaterlineEngine")
struct WaterlineEngineTests {
    let engine = WaterlineEngine(warningThreshold: 2)

    @Test("no logs: centred, nothing counted, no warning")
    func empty() {
        #expect(engine.computeState(from: []) == .empty)
    }

    @Test("the spec's values", arguments: [
        ("WWW", -3.0, false),
        ("DW", 0.0, false),
        ("D", 1.0, false),
        ("DD", 2.0, true),
        ("DDD", 3.0, true),
        ("DDDDD", 5.0, true),
    ])
    func specValues(pattern: String, expected: Double, warning: Bool) {
        let state = engine.computeState(from: Fixed.logs(pattern))
        #expect(state.waterlineValue == expected)
        #expect(state.isWarning == warning)
    }

    @Test("a double adds 2 and counts as one drink")
    func double() {
        let state = engine.computeState(from: [Fixed.drink(1, at: 0, estimate: 2)])
        #expect(state.waterlineValue == 2)
        #expect(state.totalAlcoholCount == 1)
        #expect(state.totalStandardDrinks == 2)
        #expect(state.alcoholCountSinceLastWater == 1)
        #expect(state.isWarning)
    }

    @Test("fractional estimates are kept exactly and still reach the threshold")
    func fractional() {
        let logs = [Fixed.drink(1, at: 0, estimate: 0.6), Fixed.drink(2, at: 1, estimate: 0.7), Fixed.drink(3, at: 2, estimate: 0.7)]
        let state = engine.computeState(from: logs)
        #expect(abs(state.waterlineValue - 2) < 1e-12)
        #expect(state.isWarning, "0.6 + 0.7 + 0.7 is 2 and must warn at a threshold of 2")
        let below = engine.computeState(from: [Fixed.drink(1, at: 0, estimate: 1.5)])
        #expect(below.waterlineValue == 1.5)
        #expect(!below.isWarning)
    }

    @Test("alternating drinks and water")
    func alternating() {
        let state = engine.computeState(from: Fixed.logs("DWDWDW"))
        #expect(state == WaterlineState(
            waterlineValue: 0, alcoholCountSinceLastWater: 0, totalAlcoholCount: 3, totalWaterCount: 3,
            totalStandardDrinks: 3, isWarning: false
        ))
        let open = engine.computeState(from: Fixed.logs("DWDWD"))
        #expect(open.alcoholCountSinceLastWater == 1)
        #expect(open.waterlineValue == 1)
    }

    @Test("water resets the count since the last water; drinks add to it")
    func countSinceWater() {
        #expect(engine.computeState(from: Fixed.logs("DDDWDD")).alcoholCountSinceLastWater == 2)
        #expect(engine.computeState(from: Fixed.logs("DDDW")).alcoholCountSinceLastWater == 0)
    }

    @Test("logs are replayed by timestamp whatever order they arrive in")
    func outOfOrder() {
        // In time: drink, drink, water → count since water 0. Given reversed.
        let logs = [Fixed.water(3, at: 10), Fixed.drink(2, at: 5), Fixed.drink(1, at: 0)]
        let state = engine.computeState(from: logs)
        #expect(state.alcoholCountSinceLastWater == 0)
        #expect(state.waterlineValue == 1)
        #expect(state == engine.computeState(from: logs.reversed()))
    }

    @Test("a late out-of-order log restarts the replay instead of counting twice")
    func lateDisorder() {
        let logs = Fixed.logs("DDWD") + [Fixed.water(9, at: -1)]
        let state = engine.computeState(from: logs)
        #expect(state.totalAlcoholCount == 3)
        #expect(state.totalWaterCount == 2)
        #expect(state.waterlineValue == 1)
        #expect(engine.replay(logs).first?.log.id == UUID(number: 9))
    }

    @Test("equal timestamps replay by id")
    func tiesById() {
        let water = Fixed.water(1, at: 0)
        let drink = Fixed.drink(2, at: 0)
        // id 1 (water) replays before id 2 (drink): the drink stands since the last water.
        #expect(engine.computeState(from: [drink, water]).alcoholCountSinceLastWater == 1)
        #expect(engine.computeState(from: [water, drink]).alcoholCountSinceLastWater == 1)
        let steps = engine.replay([drink, water])
        #expect(steps.map(\.log.id) == [water.id, drink.id])
    }

    @Test("tombstoned logs are ignored")
    func tombstones() {
        var deleted = Fixed.drink(3, at: 2)
        deleted.deletedAt = Fixed.at(minutes: 3)
        let state = engine.computeState(from: Fixed.logs("DD") + [deleted])
        #expect(state.totalAlcoholCount == 2)
        #expect(state.waterlineValue == 2)
    }

    @Test("the warning turns on at the threshold and clears below it")
    func warningBoundary() {
        let steps = engine.replay(Fixed.logs("DDWD"))
        #expect(steps.map(\.state.isWarning) == [false, true, false, true])
        let strict = WaterlineEngine(warningThreshold: 3)
        #expect(!strict.computeState(from: Fixed.logs("DD")).isWarning)
        #expect(strict.computeState(from: Fixed.logs("DDD")).isWarning)
    }

    @Test("the static form reads the threshold from settings")
    func staticForm() {
        let settings = UserSettings(warningThreshold: 5)
        #expect(!WaterlineEngine.computeState(from: Fixed.logs("DDDD"), settings: settings).isWarning)
        #expect(WaterlineEngine.computeState(from: Fixed.logs("DDDDD"), settings: settings).isWarning)
    }

    @Test("editing or deleting a log and recomputing gives the state of the remaining logs")
    func recompute() {
        var logs = Fixed.logs("DDWD")
        logs[0].alcoholMeta?.standardDrinkEstimate = 2
        #expect(engine.computeState(from: logs).waterlineValue == 3)
        logs[2].deletedAt = Fixed.at(minutes: 10)
        let state = engine.computeState(from: logs)
        #expect(state.waterlineValue == 4)
        #expect(state.alcoholCountSinceLastWater == 3)
        #expect(state.totalWaterCount == 0)
    }

    @Test("UUID order matches lowercase string order")
    func uuidOrder() {
        let ids = (0..<200).map { _ in UUID() }
        let byBytes = ids.sorted { $0.isOrderedBefore($1) }
        let byString = ids.sorted { $0.uuidString.lowercased() < $1.uuidString.lowercased() }
        #expect(byBytes == byString)
    }
}
