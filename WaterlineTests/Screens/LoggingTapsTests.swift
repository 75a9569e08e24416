import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// Taps per common case, from the session's screen: each tap is one call a single control makes
/// (a button, a chip, a segment), counted as the person would count them, and what was logged
/// is checked too. One thing different from the catalog (a strength, a time) is three taps; the
/// drink had a moment ago again is one.
@Suite("Taps to log, per common case")
@MainActor
struct LoggingTapsTests {
    /// Counts what it is handed as taps.
    @MainActor final class Taps {
        private(set) var count = 0
        func callAsFunction(_ body: () async throws -> Void) async rethrows {
            count += 1
            try await body()
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let taps: Int
        /// What the taps log: a water, or a drink's meta and how long ago it was had.
        let water: Bool
        let meta: AlcoholMeta?
        let minutesAgo: Double
        let tapping: @MainActor @Sendable (ActiveSessionModel, Taps, any SessionActions) async throws -> Void
        var testDescription: String { name }
    }

    nonisolated static let ipa = AlcoholMeta(drinkType: .beer, sizeOz: 12, abv: 7, standardDrinkEstimate: 1.4)
    nonisolated static func size(_ id: String) -> DrinkSize { DrinkCatalog.size(id: id)! }

    /// "+ Drink", the taps inside the picker, then "Log".
    static func picked(_ model: ActiveSessionModel, _ tap: Taps, _ inside: (DrinkPickerModel, Taps) async -> Void) async throws {
        await tap { model.drinkButtonTapped() }
        let picker = try #require(model.drinkPicker())
        await inside(picker, tap)
        await tap { await model.drinkPicked(picker) }
    }

    nonisolated static let cases: [Case] = [
        Case(name: "a glass of water", taps: 1, water: true, meta: nil, minutesAgo: 0) { model, tap, app in
            await tap { await model.waterButtonTapped() }
        },
        Case(name: "a preset", taps: 1, water: false, meta: DrinkCatalog.defaultPresets(userId: UUID())[0].alcoholMeta, minutesAgo: 0) { model, tap, app in
            let beer = try #require(model.presets.first)
            await tap { await model.presetChipTapped(beer) }
        },
        Case(name: "the same drink again (a 7 % IPA had earlier)", taps: 1, water: false, meta: ipa, minutesAgo: 0) { model, tap, app in
            // Earlier in the session, not counted: the IPA logged as it was.
            _ = try await app.send(.logDrink(.custom(ipa), source: .phone))
            await model.appeared()
            await tap { await model.sameAgainTapped() }
        },
        Case(name: "the picker's first size, now", taps: 2, water: false, meta: size("beer-12oz").alcoholMeta(estimate: nil), minutesAgo: 0) { model, tap, app in
            try await picked(model, tap) { _, _ in }
        },
        Case(name: "a glass of wine", taps: 3, water: false, meta: size("wine-5oz").alcoholMeta(estimate: nil), minutesAgo: 0) { model, tap, app in
            try await picked(model, tap) { picker, tap in await tap { picker.typeChosen(.wine) } }
        },
        Case(name: "a 16 oz beer", taps: 3, water: false, meta: size("beer-16oz").alcoholMeta(estimate: nil), minutesAgo: 0) { model, tap, app in
            try await picked(model, tap) { picker, tap in await tap { picker.sizeChosen(size("beer-16oz")) } }
        },
        Case(name: "a 7 % beer (it was four steps of a stepper)", taps: 3, water: false, meta: ipa, minutesAgo: 0) { model, tap, app in
            try await picked(model, tap) { picker, tap in await tap { picker.measures.strengthChosen(7) } }
        },
        Case(name: "a beer a quarter of an hour ago (it was a date picker)", taps: 3, water: false, meta: size("beer-12oz").alcoholMeta(estimate: nil), minutesAgo: 15) { model, tap, app in
            try await picked(model, tap) { picker, tap in await tap { picker.timeChosen(.minutesAgo(15), now: app.reader.now()) } }
        },
        Case(name: "a 16 oz IPA at 7 % half an hour ago", taps: 5, water: false, meta: AlcoholMeta(drinkType: .beer, sizeOz: 16, abv: 7, standardDrinkEstimate: 1.87), minutesAgo: 30) { model, tap, app in
            try await picked(model, tap) { picker, tap in
                await tap { picker.sizeChosen(size("beer-16oz")) }
                await tap { picker.measures.strengthChosen(7) }
                await tap { picker.timeChosen(.minutesAgo(30), now: app.reader.now()) }
            }
        },
    ]

    @Test("each common case takes the taps it should and logs what was had", arguments: cases)
    func taps(_ sample: Case) async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        harness.clock.advance(minutes: 120)
        let app = DeviceProcess(harness, expecting: [.reminders, .nudge, .widgets, .watch, .sync, .screens]).runtime
        let model = ActiveSessionModel(actions: app)
        await model.appeared()
        let tap = Taps()
        try await sample.tapping(model, tap, app)
        #expect(tap.count == sample.taps)
        #expect(model.errorMessage == nil)
        let logged = try #require(model.timeline.first)
        if sample.water {
            #expect(logged.type == .water)
        } else {
            #expect(logged.alcoholMeta == sample.meta)
        }
        #expect(logged.timestamp == harness.clock.now.addingTimeInterval(-sample.minutesAgo * 60))
    }

    @Test("'Same again' waits for the session's first drink, then logs the latest one still there")
    func sameAgain() async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        let app = DeviceProcess(harness, expecting: [.reminders, .nudge, .widgets, .watch, .sync, .screens]).runtime
        let model = ActiveSessionModel(actions: app)
        await model.appeared()
        #expect(model.sameAgainTitle == nil)
        await model.waterButtonTapped()
        #expect(model.sameAgainTitle == nil, "water is not a drink to have again")
        let wine = try #require(DrinkCatalog.size(id: "wine-large"))
        _ = try await app.send(.logDrink(.size(wine, estimate: nil), source: .phone))
        _ = try await app.send(.logDrink(.custom(Self.ipa), source: .phone))
        await model.appeared()
        #expect(model.sameAgainTitle == "Beer · 12 oz · 1.4 std")
        #expect(model.sameAgainAccessibilityLabel == "Same again: Beer · 12 oz · 1.4 std")
        // The IPA deleted: "Same again" is the wine again.
        let ipa = try #require(model.timeline.first)
        await model.logSwipedToDelete(ipa)
        #expect(model.lastDrink?.alcoholMeta == wine.alcoholMeta(estimate: nil))
        await model.sameAgainTapped()
        #expect(model.drinkCount == 2)
        #expect(model.undo.offer != nil, "undo is offered, as for every quick log")
    }
}
