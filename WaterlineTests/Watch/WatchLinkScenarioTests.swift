import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// The link between a phone and its watch moves changes, not windows: a pull carries what changed
/// since the watch's cursor, and what waits for an absent phone is each change once.
@Suite("Scenario: the watch link moves changes")
@MainActor
struct WatchLinkScenarioTests {
    func pair() async throws -> (ServiceHarness, DeviceProcess, PairedWatch) {
        let harness = try await ServiceHarness.prepared(UserSettings(waterEveryNDrinks: 2))
        let phone = DeviceProcess(harness, expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens])
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.becameActive)
        let watch = PairedWatch(clock: harness.clock, phone: phone.runtime, expecting: [.reminders, .widgets])
        await watch.launch()
        return (harness, phone, watch)
    }

    @Test("what the phone delivers after one change on it is that change, not the window, however long the session; the watch asks for nothing")
    func deliveryCarriesTheChange() async throws {
        let (harness, phone, watch) = try await pair()
        await watch.suspend()
        try await phone.runtime.send(.startSession)
        for _ in 0..<40 {
            harness.clock.advance(minutes: 4)
            try await phone.runtime.send(.logWater(source: .phone))
        }
        try await watch.deliver(from: phone.watch)
        #expect(try await watch.runtime.reader.currentState().active?.logs.count == 40)
        let pages = phone.watch.pagesTransferred.count, asked = watch.link.messages
        harness.clock.advance(minutes: 4)
        let water = try #require(try await phone.runtime.send(.logWater(source: .phone)).changedLog)
        try await watch.deliver(from: phone.watch)
        #expect(phone.watch.pagesTransferred.dropFirst(pages).flatMap(\.page.changes) == [.logEntry(water)], "the one new log, nothing else")
        #expect(try await watch.runtime.reader.currentState().active?.logs.count == 41)
        #expect(watch.link.messages == asked, "delivered, not pulled")
        #expect((phone.watch.latest?.page.changes.count ?? 0) <= WatchDeliveries.latestLogs + 7, "the latest state stays small: \(phone.watch.latest?.page.changes.count ?? 0) records")
    }

    @Test("lowering the wrist after the change already went sends nothing again, reads no batch and leaves the watch synced")
    func nothingLeftToPushAtResign() async throws {
        let (harness, phone, watch) = try await pair()
        try await watch.runtime.send(.startSession)
        harness.clock.advance(minutes: 5)
        let water = try #require(try await watch.runtime.send(.logWater(source: .watch)).changedLog)
        await watch.settled()
        #expect(try await phone.runtime.reader.currentState().active?.logs.map(\.id) == [water.id], "the change went while the app was in front")
        let (messages, transfers) = (watch.link.messages, watch.link.transfers)
        let reads = await watch.store.rowReadsOfOutbox
        await watch.suspend()
        #expect(watch.link.messages == messages && watch.link.transfers == transfers, "nothing was waiting, so nothing went")
        #expect(await watch.store.rowReadsOfOutbox == reads, "and no batch of the outbox was read for it")
        let status = await watch.sync.status()
        #expect(status.phase == .synced && status.pendingCount == 0 && status.failedCount == 0)
    }

    @Test("what the watch pushed does not come back in its next pull; a new watch's first pull has everything")
    func noEcho() async throws {
        let (harness, phone, watch) = try await pair()
        try await watch.runtime.send(.startSession)
        harness.clock.advance(minutes: 5)
        let mine = try #require(try await watch.runtime.send(.logWater(source: .watch)).changedLog)
        await watch.settled()
        harness.clock.advance(minutes: 5)
        let delivered = phone.watch.pagesTransferred.flatMap(\.page.changes)
        #expect(!delivered.contains(.logEntry(mine)), "the watch's own log is not delivered back")
        let pages = phone.watch.pagesTransferred.count
        let theirs = try #require(try await phone.runtime.send(.logDrink(.quick, source: .phone)).changedLog)
        try await watch.deliver(from: phone.watch)
        #expect(phone.watch.pagesTransferred.dropFirst(pages).flatMap(\.page.changes) == [.logEntry(theirs)], "the phone's log, not the watch's own back")

        let another = PairedWatch(clock: harness.clock, phone: phone.runtime, firstID: 0x60_0000, expecting: [.reminders, .widgets])
        await another.launch()
        let snapshot = try #require(try await another.runtime.reader.currentState().active)
        #expect(Set(snapshot.logs.map(\.id)) == [mine.id, theirs.id], "a fresh watch gets what the first one pushed too")
    }

    @Test("a session started and 20 logs made away from the phone wait as 21 changes, not one copy of the outbox a log; all reach the phone and the cloud once")
    func eachChangeQueuedOnce() async throws {
        let pair = try await SignedInPair()
        let (cloudStore, harness, phone, watch, clock) = (pair.cloudStore, pair.harness, pair.phone, pair.watch, pair.harness.clock)

        try await watch.runtime.send(.startSession)
        for index in 0..<20 {
            clock.advance(minutes: 5)
            try await watch.runtime.send(index.isMultiple(of: 4) ? .logWater(source: .watch) : .logDrink(.quick, source: .watch))
            await watch.settled()
        }
        #expect(watch.link.queued.count == 21 && watch.link.transfers == 21, "the session and its 20 logs, each once (\(watch.link.transfers) queued)")
        #expect(watch.link.cancelled == 0)

        let phoneOutbox = try await harness.store.pendingChanges().count
        await watch.link.deliverQueued()
        await phone.settled()
        let snapshot = try #require(try await harness.service.activeSession())
        #expect(snapshot.logs.count == 20)
        #expect(try await harness.store.pendingChanges().isEmpty && phoneOutbox == 0, "taken in, and pushed on to the cloud")
        #expect(try await DeviceRecords(cloudStore).liveLogs.count == 20)
        #expect(try await DeviceRecords(cloudStore).logs == (try await DeviceRecords(harness.store)).logs)
    }

    @Test("a log edited while the phone is away replaces its waiting transfer; a session's earlier version stays ahead of its logs")
    func newerVersionReplaces() async throws {
        let (harness, phone, watch) = try await pair()
        await watch.phone(reachable: false)
        try await watch.runtime.send(.startSession)
        harness.clock.advance(minutes: 5)
        var drink = try #require(try await watch.runtime.send(.logDrink(.quick, source: .watch)).changedLog)
        await watch.settled()
        harness.clock.advance(minutes: 1)
        drink.alcoholMeta?.standardDrinkEstimate = 2
        try await watch.runtime.send(.editLog(drink))
        await watch.settled()
        harness.clock.advance(minutes: 30)
        try await watch.runtime.send(.endSession())
        await watch.settled()
        #expect(watch.link.cancelled == 1, "the drink's first version gave way to its edit")
        #expect(watch.link.queued.count == 3, "the session as started, the drink as edited, the session as ended")
        await watch.link.deliverQueued()
        let ended = try #require(try await harness.service.recentSessions(limit: 1).first)
        #expect(!ended.session.isActive && ended.state.waterlineValue == 2)
        #expect(phone.notifications.pending.isEmpty)
    }
}
