import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Session service")
struct SessionServiceTests {
    @Test("first launch creates the person with their settings and the five default presets, once")
    func firstLaunch() async throws {
        let harness = ServiceHarness()
        let first = try await harness.service.prepare(settings: UserSettings(waterEveryNDrinks: 2))
        #expect(first.changed)
        #expect(first.state.settings.waterEveryNDrinks == 2)
        #expect(first.state.presets.map(\.name) == ["Beer", "Glass of Wine", "Shot", "Cocktail", "Double"])
        let user = try #require(try await harness.store.user())
        let again = try await harness.service.prepare()
        #expect(!again.changed, "preparing an existing person without new settings changes nothing")
        #expect(try await harness.store.user()?.id == user.id)
        #expect(try await harness.service.presets().count == 5)
    }

    @Test("invalid onboarding settings are refused and nothing is stored")
    func invalidFirstSettings() async throws {
        let harness = ServiceHarness()
        await #expect(throws: SessionServiceError.self) { try await harness.service.prepare(settings: UserSettings(waterEveryNDrinks: 0)) }
        #expect(try await harness.store.user() == nil)
    }

    @Test("starting creates one active session; starting again returns it")
    func singleActive() async throws {
        let harness = try await ServiceHarness.prepared()
        let first = try await harness.service.startSession()
        #expect(try first.snapshot.session.isActive)
        #expect(try first.snapshot.session.startTime == Fixed.start)
        #expect(first.changed && first.state.active == first.session)
        harness.clock.advance(minutes: 5)
        let second = try await harness.service.startSession()
        #expect(try second.snapshot.session.id == first.snapshot.session.id)
        #expect(!second.changed)
        #expect(try await harness.store.sessions(limit: nil).count == 1)
    }

    @Test("starts from several surfaces at once still make one session")
    func concurrentStarts() async throws {
        let harness = try await ServiceHarness.prepared()
        let service = harness.service
        let ids = try await withThrowingTaskGroup(of: UUID.self) { group in
            for _ in 0..<8 { group.addTask { try await service.startSession().snapshot.session.id } }
            return try await group.reduce(into: Set<UUID>()) { $0.insert($1) }
        }
        #expect(ids.count == 1)
        #expect(try await harness.store.sessions(limit: nil).count == 1)
    }

    @Test("a drink from a preset, a catalog size with an edited estimate, and by hand")
    func logDrinks() async throws {
        let harness = try await ServiceHarness.prepared(UserSettings(waterEveryNDrinks: 5, warningThreshold: 10))
        _ = try await harness.service.startSession()
        let double = try await harness.presetNamed("Double")
        let fromPreset = try await harness.service.logDrink(.preset(double.id), source: .phone)
        #expect(try fromPreset.snapshot.state.waterlineValue == 2)
        #expect(fromPreset.changedLog?.alcoholMeta?.presetId == double.id)
        let pint = try #require(DrinkCatalog.size(id: "beer-pint"))
        let edited = try await harness.service.logDrink(.size(pint, estimate: 1.5), source: .phone)
        #expect(try edited.snapshot.state.waterlineValue == 3.5)
        #expect(edited.changedLog?.alcoholMeta?.sizeOz == 20)
        let custom = AlcoholMeta(drinkType: .cocktail, sizeOz: 5, standardDrinkEstimate: 0.5)
        let byHand = try await harness.service.logDrink(.custom(custom), source: .watch)
        #expect(try byHand.snapshot.state == WaterlineState(
            waterlineValue: 4, alcoholCountSinceLastWater: 3, totalAlcoholCount: 3, totalWaterCount: 0,
            totalStandardDrinks: 4, isWarning: false
        ))
        #expect(byHand.changedLog?.source == .watch)
        #expect(try byHand.snapshot.drinksUntilWaterDue == 2)
    }

    @Test("water logs the default amount, lowers the Waterline by 1 and resets the count")
    func logWater() async throws {
        let harness = try await ServiceHarness.prepared(UserSettings(defaultWaterAmountOz: 12))
        _ = try await harness.service.startSession()
        _ = try await harness.service.quickLog(.alcohol, source: .widget)
        let update = try await harness.service.quickLog(.water, source: .liveActivity)
        #expect(update.changedLog?.waterMeta?.amountOz == 12)
        #expect(update.changedLog?.source == .liveActivity)
        #expect(try update.snapshot.state.waterlineValue == 0)
        #expect(try update.snapshot.state.alcoholCountSinceLastWater == 0)
        let custom = try await harness.service.logWater(amountOz: 16, source: .phone)
        #expect(custom.changedLog?.waterMeta?.amountOz == 16)
    }

    @Test("quick drink uses the first preset, or one standard drink when there is none")
    func quickDrink() async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        let update = try await harness.service.quickLog(.alcohol, source: .widget)
        #expect(update.changedLog?.alcoholMeta?.presetId == (try await harness.presetNamed("Beer")).id)
        for preset in try await harness.service.presets() { try await harness.service.deletePreset(id: preset.id) }
        let standard = try await harness.service.quickLog(.alcohol, source: .widget)
        #expect(standard.changedLog?.alcoholMeta == .standardDrink)
    }

    @Test("per-drink reminder and pacing warning fire at once, one per log")
    func nudges() async throws {
        let harness = try await ServiceHarness.prepared(UserSettings(waterEveryNDrinks: 2, warningThreshold: 3))
        _ = try await harness.service.startSession()
        func nowNotifications(_ result: ActionResult) -> [ReminderKind] {
            result.nudge.map { [$0.kind] } ?? []
        }
        #expect(nowNotifications(try await harness.service.quickLog(.alcohol, source: .phone)) == [])
        #expect(nowNotifications(try await harness.service.quickLog(.alcohol, source: .phone)) == [.perDrink])
        #expect(nowNotifications(try await harness.service.quickLog(.alcohol, source: .phone)) == [.pacingWarning])
        #expect(nowNotifications(try await harness.service.quickLog(.alcohol, source: .phone)) == [.perDrink])
        #expect(nowNotifications(try await harness.service.quickLog(.water, source: .phone)) == [])
    }

    @Test("every log returns the session re-planned from it, as the running session of the state every surface shows")
    func logResult() async throws {
        let harness = try await ServiceHarness.prepared(UserSettings(warningThreshold: 5))
        _ = try await harness.service.startSession()
        harness.clock.advance(minutes: 30)
        let result = try await harness.service.quickLog(.water, source: .phone)
        let snapshot = try result.snapshot
        #expect(snapshot.reminders.requests.first?.fireDate == Fixed.at(minutes: 50))
        #expect(snapshot.glance.nextReminderDate == Fixed.at(minutes: 50))
        #expect(result.state.active == snapshot)
        #expect(result.state.presets.count == 5 && result.state.settings.warningThreshold == 5)
        #expect(!result.pastSessionsChanged)
    }

    @Test("logging with no active session is refused and writes nothing")
    func noActiveSession() async throws {
        let harness = try await ServiceHarness.prepared()
        await #expect(throws: SessionServiceError.noActiveSession) { try await harness.service.quickLog(.water, source: .widget) }
        await #expect(throws: SessionServiceError.noActiveSession) { try await harness.service.endSession() }
        #expect(try await harness.store.sessions(limit: nil).isEmpty)
    }

    @Test("an unknown preset is a clear error and writes nothing")
    func unknownPreset() async throws {
        let harness = try await ServiceHarness.prepared()
        let started = try await harness.service.startSession()
        let missing = UUID(number: 0xDEAD)
        await #expect(throws: SessionServiceError.unknownPreset(missing)) {
            try await harness.service.logDrink(.preset(missing), source: .widget)
        }
        #expect(try await harness.store.logs(sessionId: started.snapshot.session.id).isEmpty)
    }

    @Test("out-of-range values are refused and write nothing")
    func invalidValues() async throws {
        let harness = try await ServiceHarness.prepared()
        let started = try await harness.service.startSession()
        await #expect(throws: SessionServiceError.self) { try await harness.service.logWater(amountOz: -8, source: .phone) }
        await #expect(throws: SessionServiceError.self) {
            try await harness.service.logDrink(.custom(AlcoholMeta(drinkType: .beer, sizeOz: 12, standardDrinkEstimate: 11)), source: .phone)
        }
        await #expect(throws: SessionServiceError.logOutsideSession) {
            try await harness.service.logWater(source: .watch, at: Fixed.at(minutes: -10))
        }
        #expect(try await harness.store.logs(sessionId: started.snapshot.session.id).isEmpty)
    }

    @Test("a repeated log id logs once")
    func idempotentLogs() async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        let id = UUID(number: 0xBEEF)
        _ = try await harness.service.quickLog(.water, source: .watch, id: id, at: Fixed.at(minutes: 1))
        harness.clock.advance(minutes: 2)
        let again = try await harness.service.quickLog(.water, source: .watch, id: id, at: Fixed.at(minutes: 1))
        #expect(try again.snapshot.state.totalWaterCount == 1)
        #expect(!again.changed)
    }

    @Test("editing a log recomputes from all remaining logs")
    func edit() async throws {
        let harness = try await ServiceHarness.prepared(UserSettings(warningThreshold: 3))
        _ = try await harness.service.startSession()
        harness.clock.advance(minutes: 1)
        let first = try await harness.service.quickLog(.alcohol, source: .phone)
        harness.clock.advance(minutes: 1)
        _ = try await harness.service.quickLog(.water, source: .phone)
        harness.clock.advance(minutes: 1)
        _ = try await harness.service.quickLog(.alcohol, source: .phone)
        var log = try #require(first.changedLog)
        log.alcoholMeta?.standardDrinkEstimate = 3
        let edited = try await harness.service.editLog(log)
        #expect(try edited.snapshot.state.waterlineValue == 3)
        #expect(try edited.snapshot.state.isWarning)
        // Moving the water after the last drink changes the count since water.
        var water = try edited.snapshot.logs[1]
        water.timestamp = Fixed.at(minutes: 4)
        let moved = try await harness.service.editLog(water)
        #expect(try moved.snapshot.state.alcoholCountSinceLastWater == 0)
        #expect(try moved.snapshot.logs.map(\.type) == [.alcohol, .alcohol, .water])
    }

    @Test("an edit into the future or onto an unknown log is refused")
    func invalidEdit() async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        var log = try #require(try await harness.service.quickLog(.water, source: .phone).changedLog)
        log.timestamp = Fixed.at(minutes: 60)
        await #expect(throws: SessionServiceError.logOutsideSession) { try await harness.service.editLog(log) }
        log.id = UUID(number: 0xF00D)
        await #expect(throws: SessionServiceError.unknownLog(log.id)) { try await harness.service.editLog(log) }
    }

    @Test("deleting a log recomputes and keeps a tombstone")
    func delete() async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        _ = try await harness.service.quickLog(.alcohol, source: .phone)
        let water = try #require(try await harness.service.quickLog(.water, source: .phone).changedLog)
        let update = try await harness.service.deleteLog(id: water.id)
        #expect(try update.snapshot.state.waterlineValue == 1)
        #expect(try update.snapshot.logs.count == 1)
        #expect(try await harness.store.log(id: water.id)?.deletedAt == Fixed.start)
        await #expect(throws: SessionServiceError.unknownLog(water.id)) { try await harness.service.deleteLog(id: water.id) }
    }

    @Test("ending stores the summary and leaves no session running, nor any reminder planned for it")
    func end() async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        harness.clock.advance(minutes: 10)
        _ = try await harness.service.quickLog(.alcohol, source: .phone)
        harness.clock.advance(minutes: 10)
        _ = try await harness.service.quickLog(.water, source: .phone)
        harness.clock.advance(minutes: 100)
        let result = try await harness.service.endSession()
        let ended = try result.snapshot
        #expect(!ended.session.isActive)
        #expect(ended.session.endTime == Fixed.at(minutes: 120))
        let summary = try #require(ended.session.computedSummary)
        #expect(summary.durationSeconds == 7200)
        #expect(summary.totalAlcoholCount == 1)
        #expect(summary.adherence == PacingAdherence(breaksDue: 1, breaksKept: 1))
        #expect(result.state.active == nil && result.pastSessionsChanged)
        #expect(ended.glance.isEnded)
        #expect(ended.reminders.requests.isEmpty)
        #expect(try await harness.service.activeSession() == nil)
    }

    @Test("a session with no logs can be ended")
    func forceEnd() async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        let ended = try await harness.service.endSession().snapshot
        #expect(ended.session.computedSummary?.totalAlcoholCount == 0)
        #expect(ended.session.computedSummary?.adherence.displayText == "—")
    }

    @Test("editing an ended session's log recomputes its stored summary")
    func editAfterEnd() async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        let drink = try #require(try await harness.service.quickLog(.alcohol, source: .phone).changedLog)
        harness.clock.advance(minutes: 30)
        let ended = try await harness.service.endSession().snapshot
        #expect(ended.session.computedSummary?.totalStandardDrinks == 1)
        var edited = drink
        edited.alcoholMeta?.standardDrinkEstimate = 2
        let update = try await harness.service.editLog(edited)
        #expect(try update.snapshot.session.computedSummary?.totalStandardDrinks == 2)
        #expect(update.pastSessionsChanged && update.state.active == nil)
        #expect(try await harness.service.session(id: ended.session.id).session.computedSummary?.finalWaterline == 2)
        _ = try await harness.service.deleteLog(id: drink.id)
        #expect(try await harness.service.session(id: ended.session.id).session.computedSummary?.totalAlcoholCount == 0)
    }

    @Test("an ended session edited after N changed is still scored by the N it was paced by")
    func editKeepsTheSessionsN() async throws {
        let harness = try await ServiceHarness.prepared()  // N = 1
        _ = try await harness.service.startSession()
        let first = try #require(try await harness.service.quickLog(.alcohol, source: .phone).changedLog)
        harness.clock.advance(minutes: 5)
        _ = try await harness.service.quickLog(.water, source: .phone)
        harness.clock.advance(minutes: 5)
        _ = try await harness.service.quickLog(.alcohol, source: .phone)
        harness.clock.advance(minutes: 5)
        _ = try await harness.service.quickLog(.alcohol, source: .phone)
        harness.clock.advance(minutes: 5)
        _ = try await harness.service.quickLog(.water, source: .phone)
        let ended = try await harness.service.endSession().snapshot
        #expect(ended.session.computedSummary?.adherence == PacingAdherence(breaksDue: 2, breaksKept: 1))
        #expect(ended.session.computedSummary?.waterEveryNDrinks == 1)

        var settings = try await harness.service.settings()
        settings.waterEveryNDrinks = 5
        _ = try await harness.service.updateSettings(settings)
        var edited = first
        edited.alcoholMeta?.standardDrinkEstimate = 2
        let update = try await harness.service.editLog(edited)
        let summary = try #require(try update.snapshot.session.computedSummary)
        #expect(summary.totalStandardDrinks == 4)
        #expect(summary.adherence == PacingAdherence(breaksDue: 2, breaksKept: 1), "not re-scored by today's N = 5 (which would read \"—\")")
        #expect(summary.waterEveryNDrinks == 1)
    }

    @Test("changing settings validates, saves and re-plans the running session")
    func settings() async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        await #expect(throws: SessionServiceError.self) {
            try await harness.service.updateSettings(UserSettings(timeReminderIntervalMinutes: 7))
        }
        #expect(try await harness.service.settings().timeReminderIntervalMinutes == 20)
        let update = try await harness.service.updateSettings(UserSettings(timeReminderIntervalMinutes: 45))
        #expect(update.state.active?.reminders.nextReminderDate == Fixed.at(minutes: 45))
        #expect(update.state.settings.timeReminderIntervalMinutes == 45)
        #expect(try await harness.service.settings().timeReminderIntervalMinutes == 45)
    }

    @Test("presets: add with an estimate from size and ABV, edit, delete")
    func presets() async throws {
        let harness = try await ServiceHarness.prepared()
        let ipa = try await harness.service.addPreset(name: "  IPA ", drinkType: .beer, sizeOz: 16, abv: 7)
        #expect(ipa.name == "IPA")
        #expect(ipa.standardDrinkEstimate == 1.87)
        #expect(ipa.sortOrder == 5)
        var renamed = ipa
        renamed.name = "Hazy IPA"
        renamed.standardDrinkEstimate = 2
        _ = try await harness.service.updatePreset(renamed)
        #expect(try await harness.service.presets().last?.name == "Hazy IPA")
        try await harness.service.deletePreset(id: ipa.id)
        #expect(try await harness.service.presets().count == 5)
        await #expect(throws: SessionServiceError.self) { try await harness.service.addPreset(name: "", drinkType: .wine, sizeOz: 5, estimate: 1) }
        await #expect(throws: SessionServiceError.self) { try await harness.service.addPreset(name: "Mystery", drinkType: .cocktail, sizeOz: 5) }
        await #expect(throws: SessionServiceError.unknownPreset(ipa.id)) { try await harness.service.deletePreset(id: ipa.id) }
    }

    @Test("deleting all data empties the store, leaves no session running, and sets a new person up who remembers whose records went")
    func deleteAll() async throws {
        let harness = try await ServiceHarness.prepared(UserSettings(waterEveryNDrinks: 3))
        let before = try #require(try await harness.store.user())
        let started = try await harness.service.startSession()
        let water = try #require(try await harness.service.quickLog(.water, source: .phone).changedLog)
        let result = try await harness.service.deleteAllData()
        #expect(result.state.active == nil && result.state.settings == UserSettings() && result.state.presets.count == 5, "the defaults and the starter presets")
        #expect(try await harness.store.session(id: started.snapshot.session.id) == nil)
        let after = try #require(try await harness.store.user())
        #expect(after.id != before.id && after.erasedBefore == before.id && after.settings == UserSettings())
        #expect(try await harness.store.sessions(limit: nil).isEmpty)
        #expect(try await harness.store.log(id: water.id) == nil)
    }

    @Test("the widget snapshot shows the running session, or no session and the last summary")
    func widgetSnapshot() async throws {
        let harness = try await ServiceHarness.prepared()
        let empty = try await harness.service.widgetSnapshot()
        #expect(!empty.isActive)
        #expect(empty.lastSessionSummary == nil)
        _ = try await harness.service.startSession()
        for _ in 0..<2 { _ = try await harness.service.quickLog(.alcohol, source: .phone) }
        for _ in 0..<2 { _ = try await harness.service.quickLog(.water, source: .phone) }
        let active = try await harness.service.widgetSnapshot()
        #expect(active.isActive)
        #expect(active.totalAlcoholCount == 2)
        #expect(active.recentLogs.count == 3)
        #expect(active.recentLogs.first?.title == "Water · 8 oz")
        _ = try await harness.service.endSession()
        let after = try await harness.service.widgetSnapshot()
        #expect(!after.isActive)
        #expect(after.lastSessionSummary?.totalWaterCount == 2)
    }

    @Test("a drink this device makes counts as more than 0: a custom drink, a preset, an edit of 0 are refused and write nothing; a 0 from elsewhere is still read")
    func zeroEstimate() async throws {
        let (harness, started) = try await ServiceHarness.sessionStarted()
        await #expect(throws: SessionServiceError.self) {
            try await harness.service.logDrink(.custom(AlcoholMeta(drinkType: .cocktail, sizeOz: 5, standardDrinkEstimate: 0)), source: .phone)
        }
        await #expect(throws: SessionServiceError.self) {
            try await harness.service.perform(.addPreset(PresetDraft(name: "Mocktail", drinkType: .cocktail, sizeOz: 8, abv: 0)))
        }
        var beer = try await harness.presetNamed("Beer")
        beer.standardDrinkEstimate = 0
        await #expect(throws: SessionServiceError.self) { try await harness.service.perform(.editPreset(beer)) }
        #expect(try await harness.store.logs(sessionId: started.session.id).isEmpty)
        #expect(try await harness.presetNamed("Beer").standardDrinkEstimate == 1)
        #expect(try await harness.service.presets().contains { $0.name == "Mocktail" } == false)

        // A record another device wrote with 0 before this rule is still taken in and shown.
        var old = LogEntry.alcohol(id: UUID(number: 0x0E57), sessionId: started.session.id, at: Fixed.at(minutes: 5), .standardDrink)
        old.alcoholMeta?.standardDrinkEstimate = 0
        _ = try await harness.store.applyPage([.logEntry(old)], cursor: SyncCursor(accountId: UUID(number: 0xACC), position: 1))
        #expect(try await harness.service.activeSession()?.state.totalAlcoholCount == 1)
    }
}
