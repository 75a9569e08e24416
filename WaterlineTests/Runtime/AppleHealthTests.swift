import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// Apple Health, opt-in and write-only: a log's life (made, edited, deleted, pulled from another
/// device, made on the watch, written by another process) × Health on and off, read from the fake
/// HealthKit by sync identifier and version. Only the phone's app writes.
@Suite("Apple Health")
@MainActor
struct AppleHealthTests {
    /// The phone's app with a session running, Health on or off.
    func phone(healthOn: Bool) async throws -> (DeviceProcess, ServiceHarness) {
        let harness = try await ServiceHarness.prepared(UserSettings(waterEveryNDrinks: 9))
        let phone = DeviceProcess(harness, expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens, .health], wristExpecting: [.reminders, .widgets])
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.becameActive)
        if healthOn { #expect(await phone.healthWriter.turnOn()) }
        try await phone.runtime.send(.startSession)
        return (phone, harness)
    }

    enum Life: String, CaseIterable, Sendable {
        case made, edited, deleted, pulled, madeOnWatch, madeByAnotherProcess
    }

    /// Lives `life` on the phone and answers the log it ends with (its tombstone when deleted).
    func live(_ life: Life, _ phone: DeviceProcess, _ harness: ServiceHarness) async throws -> LogEntry {
        harness.clock.advance(minutes: 5)
        switch life {
        case .made:
            return try #require(try await phone.runtime.send(.logWater(source: .phone)).changedLog)
        case .edited:
            var drink = try #require(try await phone.runtime.send(.logDrink(.quick, source: .phone)).changedLog)
            harness.clock.advance(minutes: 1)
            drink.alcoholMeta?.standardDrinkEstimate = 2
            return try #require(try await phone.runtime.send(.editLog(drink)).changedLog)
        case .deleted:
            let drink = try #require(try await phone.runtime.send(.logDrink(.quick, source: .phone)).changedLog)
            harness.clock.advance(minutes: 1)
            try await phone.runtime.send(.deleteLog(id: drink.id))
            return try #require(try await harness.store.log(id: drink.id))
        case .pulled:
            let session = try #require(try await phone.runtime.reader.currentState().active).session
            let water = LogEntry.water(id: UUID(number: 0xF00D), sessionId: session.id, at: harness.clock.now, amountOz: 12, source: .phone)
            _ = try await harness.store.applyPage([.logEntry(water)], cursor: SyncCursor(accountId: UUID(number: 0xACC), position: 1))
            await phone.runtime.handle(.storeChangedElsewhere)
            return try #require(try await harness.store.log(id: water.id))
        case .madeOnWatch:
            let result = try await phone.onWatch(.logWater(source: .watch))
            let made = try #require(result.changedLog)
            return try #require(try await harness.store.log(id: made.id), "the watch's log reached the phone")
        case .madeByAnotherProcess:
            // The intents extension logs (its process has no Health writer); the app hears its signal.
            let widget = DeviceProcess(harness, capabilities: .phoneExtension, expecting: [.reminders, .widgets, .signal, .screens])
            let log = try #require(try await widget.runtime.send(.logDrink(.quick, source: .widget), from: .widget).changedLog)
            #expect(widget.health.samples.isEmpty, "an extension never writes to Health")
            await phone.runtime.handle(.storeChangedElsewhere)
            return log
        }
    }

    @Test("each log's life × Health on and off: exactly the samples expected", arguments: Life.allCases, [true, false])
    func table(_ life: Life, healthOn: Bool) async throws {
        let (phone, harness) = try await phone(healthOn: healthOn)
        let log = try await live(life, phone, harness)
        let samples = phone.health.samples
        guard healthOn else {
            #expect(samples.isEmpty, "Health off: nothing written")
            return
        }
        let id = HealthSample.syncIdentifier(of: log.id)
        if life == .deleted {
            #expect(samples[id] == nil, "a deleted log has no sample")
        } else {
            let sample = try #require(samples[id], "\(life): the log's sample")
            #expect(sample == HealthSample(log), "its latest version")
            #expect(sample.syncVersion == Int((log.updatedAt.timeIntervalSince1970 * 1000).rounded()))
        }
        #expect(samples.count == (life == .deleted ? 0 : 1), "one sample a log, nothing twice: \(samples.keys.sorted())")
    }

    @Test("what a log becomes: water in millilitres, a drink as its standard drinks")
    func samples() throws {
        let water = try #require(HealthSample(.water(id: UUID(number: 1), sessionId: UUID(number: 2), at: Fixed.start, amountOz: 8, source: .phone)))
        #expect(water.kind == .dietaryWater && abs(water.value - 236.59) < 0.01 && water.date == Fixed.start)
        let double = try #require(HealthSample(LogEntry.mockDouble))
        #expect(double.kind == .alcoholicBeverages && double.value == 2 && double.syncIdentifier == LogEntry.mockDouble.id.uuidString.lowercased())
    }

    @Test("turned on later, every log so far is written; off, nothing more, and what was written is removed when asked")
    func onAndOff() async throws {
        let (phone, harness) = try await phone(healthOn: false)
        for _ in 0..<3 { _ = try await live(.made, phone, harness) }
        #expect(phone.health.samples.isEmpty)
        #expect(await phone.healthWriter.turnOn())
        #expect(phone.health.samples.count == 3, "the logs so far")
        try await phone.healthWriter.turnOff(removing: false)
        _ = try await live(.made, phone, harness)
        #expect(phone.health.samples.count == 3, "off: the fourth is not written")
        try await phone.healthWriter.turnOff(removing: true)
        #expect(phone.health.samples.isEmpty, "removed when asked")
    }

    @Test("without permission nothing is written and Health stays off; allowed later, the logs catch up")
    func permission() async throws {
        let (phone, harness) = try await phone(healthOn: false)
        phone.health.allows = false
        #expect(await phone.healthWriter.turnOn() == false)
        #expect(await phone.healthWriter.isOn == false)
        _ = try await live(.made, phone, harness)
        phone.health.allows = true
        #expect(await phone.healthWriter.turnOn())
        #expect(phone.health.samples.count == 1)
    }

    @Test("Health refusing a write leaves the cursor: the next change writes both")
    func retried() async throws {
        let (phone, harness) = try await phone(healthOn: true)
        phone.health.allows = false
        let first = try await live(.made, phone, harness)
        #expect(phone.health.samples.isEmpty)
        phone.health.allows = true
        let second = try await live(.made, phone, harness)
        #expect(Set(phone.health.samples.keys) == Set([first.id, second.id].map(HealthSample.syncIdentifier(of:))))
    }

    @Test("Settings: on asks the system (a refusal says where to allow it); off offers removal; deleting the account can remove Health data too")
    func settings() async throws {
        let (phone, harness) = try await phone(healthOn: false)
        let settings = SettingsModel(
            actions: phone.runtime, account: nil, permissions: phone.runtime, preferences: MemoryPreferences(), health: phone.runtime.healthSwitch
        )
        await settings.appeared()
        #expect(settings.offersHealth && !settings.isWritingToHealth, "off by default")
        phone.health.allows = false
        await settings.healthToggled(on: true)
        #expect(!settings.isWritingToHealth && settings.errorMessage?.contains("Sharing › Apps › Waterline") == true)
        phone.health.allows = true
        await settings.healthToggled(on: true)
        #expect(settings.isWritingToHealth && settings.errorMessage == nil)
        _ = try await live(.made, phone, harness)
        #expect(phone.health.samples.count == 1)

        await settings.healthToggled(on: false)
        #expect(settings.isConfirmingHealthRemoval && !settings.isWritingToHealth)
        await settings.healthRemovalAnswered(remove: false)
        #expect(phone.health.samples.count == 1, "kept when the person keeps it")

        await settings.healthToggled(on: true)
        await settings.deleteAccountConfirmed(removingHealthData: true)
        #expect(settings.accountDeleted && phone.health.samples.isEmpty && !settings.isWritingToHealth)
    }

    @Test("the person allows water and not drinks: Health is on, the water is written and the drinks do not hold it back, Settings says what is not written; drinks allowed later in Health are written from the start, each once")
    func oneKindAllowed() async throws {
        let (phone, harness) = try await phone(healthOn: false)
        phone.health.refused = [.alcoholicBeverages]
        let settings = SettingsModel(
            actions: phone.runtime, account: nil, permissions: phone.runtime, preferences: MemoryPreferences(), health: phone.runtime.healthSwitch
        )
        await settings.appeared()
        await settings.healthToggled(on: true)
        #expect(settings.isWritingToHealth, "on: one kind is allowed")
        #expect(settings.errorMessage == KitText.string(KitStrings.healthDrinksNotAllowed))
        harness.clock.advance(minutes: 5)
        let drink = try #require(try await phone.runtime.send(.logDrink(.quick, source: .phone)).changedLog)
        let water = try await live(.made, phone, harness)
        #expect(Set(phone.health.samples.keys) == [HealthSample.syncIdentifier(of: water.id)], "the water, not held back by the drink")

        phone.health.refused = []
        harness.clock.advance(minutes: 5)
        let later = try await live(.made, phone, harness)
        #expect(Set(phone.health.samples.keys) == Set([drink, water, later].map { HealthSample.syncIdentifier(of: $0.id) }), "the drink from before, too")
    }

    @Test("a write refused while the phone is locked is written at the unlock, or the next background refresh, with no new log")
    func writtenWhenUnlocked() async throws {
        for input in [RuntimeInput<Void, Never>.unlocked, .backgroundRefresh] {
            let (phone, harness) = try await phone(healthOn: true)
            await phone.runtime.handle(.resignedActive)
            phone.health.locked = true
            let water = try await live(.made, phone, harness)
            #expect(phone.health.samples.isEmpty, "locked: HealthKit refused it")
            phone.health.locked = false
            await phone.runtime.handle(input)
            await phone.settled()
            #expect(Set(phone.health.samples.keys) == [HealthSample.syncIdentifier(of: water.id)], "written then")
        }
    }

    @Test("onboarding offers Health once, after reminders, on the phone; \"Not now\" leaves it off, the offer accepted turns it on")
    func onboarding() async throws {
        for accept in [false, true] {
            let harness = try await ServiceHarness.prepared()
            let phone = DeviceProcess(harness, expecting: [.widgets, .watch, .sync, .screens, .health])
            let onboarding = OnboardingModel(
                actions: phone.runtime, permissions: phone.runtime, preferences: MemoryPreferences(), health: phone.runtime.healthSwitch
            )
            for _ in 0..<3 { onboarding.continueTapped() }
            await onboarding.configureDoneTapped()
            onboarding.notificationsSkipped()
            #expect(onboarding.step == .health && OnboardingModel.healthText.contains("reads nothing"))
            onboarding.continueTapped()
            #expect(onboarding.step == .health, "answered only by its own buttons")
            await onboarding.healthAnswered(write: accept)
            #expect(onboarding.isFinished)
            #expect(await phone.healthWriter.isOn == accept)
        }
        let watchless = OnboardingModel(actions: DeviceProcess(try await ServiceHarness.prepared(), expecting: [.widgets, .watch, .sync, .screens]).runtime,
                                        permissions: DeviceProcess(try await ServiceHarness.prepared()).runtime, preferences: MemoryPreferences())
        for _ in 0..<3 { watchless.continueTapped() }
        await watchless.configureDoneTapped()
        watchless.notificationsSkipped()
        #expect(watchless.isFinished, "no Health step where nothing writes to Health")
    }
}
