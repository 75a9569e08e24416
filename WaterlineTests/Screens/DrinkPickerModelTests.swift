import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// "+ Drink" as the drink was: size, ABV and time changed before it is logged.
@Suite("Drink picker")
@MainActor
struct DrinkPickerModelTests {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// A session started at 20:00 UTC (`Fixed.start`), seen at 22:00, with the Active Session screen on it.
    func screen() async throws -> (ActiveSessionModel, ServiceHarness) {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        harness.clock.advance(minutes: 120)
        let model = ActiveSessionModel(actions: DeviceProcess(harness, expecting: [.reminders, .nudge, .widgets, .watch, .sync, .screens]).runtime)
        await model.appeared()
        return (model, harness)
    }

    @Test("a 16 oz IPA at 7 %, had at 21:30: picked as it was (size, strength at a tap, time on the picker) and logged as it was")
    func asItWas() async throws {
        let (model, _) = try await screen()
        model.drinkButtonTapped()
        let picker = try #require(model.drinkPicker(calendar: Self.utc))
        picker.sizeChosen(try #require(DrinkCatalog.size(id: "beer-16oz")))
        // The strength at a tap, not four half-percent steps from the catalog's 5 %; the estimate follows.
        #expect(picker.measures.strengthChoices.contains(7))
        picker.measures.strengthChosen(7)
        #expect(picker.measures.abvText == "7 %")
        #expect(picker.measures.estimateFollowsABV && abs(picker.measures.estimate - 1.87) < 0.01)
        // The time, by hour and minute: no longer one of the choices at a tap.
        picker.timePicked(Self.utc.date(bySettingHour: 21, minute: 30, second: 0, of: Fixed.start)!)
        #expect(picker.time == Fixed.at(minutes: 90) && picker.isAdjusted && picker.timeChoice == nil)
        // Tap 3: Log.
        await model.drinkPicked(picker)
        #expect(model.errorMessage == nil && !model.isPickingDrink)
        let logged = try #require(model.timeline.first)
        #expect(logged.timestamp == Fixed.at(minutes: 90))
        #expect(logged.alcoholMeta == AlcoholMeta(drinkType: .beer, sizeOz: 16, abv: 7, standardDrinkEstimate: 1.87))
        #expect(model.drinkCount == 1)
    }

    @Test("the estimate follows size and ABV until set by hand; a catalog size starts over")
    func estimate() throws {
        let picker = DrinkPickerModel(units: .oz, window: LogTimeWindow(session: .mockNightOut, now: Fixed.at(minutes: 60)), calendar: Self.utc)
        #expect(picker.size.id == DrinkCatalog.sizes(for: .beer)[0].id && !picker.isAdjusted)
        picker.measures.sizeStepped(up: true)
        #expect(picker.measures.sizeOz == picker.size.sizeOz + 0.5)
        #expect(picker.measures.estimate == ((try StandardDrinks.estimate(sizeOz: picker.measures.sizeOz, abvPercent: picker.measures.abv ?? 0)) * 100).rounded() / 100)
        picker.measures.estimateStepped(up: true)
        let chosen = picker.measures.estimate
        picker.measures.abvStepped(up: true)
        #expect(picker.measures.estimate == chosen && !picker.measures.estimateFollowsABV, "set by hand, it stays")
        picker.typeChosen(.wine)
        #expect(picker.measures.estimateFollowsABV && picker.measures.estimate == DrinkCatalog.sizes(for: .wine)[0].standardDrinkEstimate)
    }

    @Test("a catalog size as listed is logged as that size; changed, as the drink it was")
    func input() throws {
        let window = LogTimeWindow(session: .mockNightOut, now: Fixed.at(minutes: 60))
        let picker = DrinkPickerModel(units: .ml, window: window, calendar: Self.utc)
        let double = try #require(DrinkCatalog.size(id: "liquor-double"))
        picker.typeChosen(.liquor)
        picker.sizeChosen(double)
        guard case .logDrink(.size(let size, nil), .phone, nil, nil) = picker.action() else {
            Issue.record("a listed size: \(picker.action())")
            return
        }
        #expect(size == double)
        picker.measures.sizeStepped(up: true)
        #expect(picker.measures.sizeText == VolumeConversion.format(ounces: picker.measures.sizeOz, in: .ml))
        guard case .logDrink(.custom(let meta), .phone, nil, nil) = picker.action() else {
            Issue.record("a changed size: \(picker.action())")
            return
        }
        #expect(meta.drinkType == .liquor && meta.sizeOz == picker.measures.sizeOz && meta.abv == double.abv)
    }

    @Test("a time picked before midnight in a session that crossed it lands in the session; cleared, it is now")
    func time() throws {
        // A session running from 20:00, seen at 01:00 the next day.
        var session = Session.mockNightOut
        session.endTime = nil
        session.isActive = true
        let window = LogTimeWindow(session: session, now: Fixed.at(minutes: 300))
        let picker = DrinkPickerModel(units: .oz, window: window, calendar: Self.utc)
        picker.timePicked(Self.utc.date(bySettingHour: 0, minute: 30, second: 0, of: Fixed.start)!)
        #expect(picker.time == Fixed.at(minutes: 270), "00:30 is the next day's, inside the session")
        picker.timeCleared()
        #expect(picker.time == nil && picker.shownTime(now: Fixed.at(minutes: 300)) == Fixed.at(minutes: 300))
    }

    @Test("each type offers its usual strengths, its catalog ABV among them; one chosen is the ABV, the estimate following unless set by hand")
    func strengths() throws {
        for type in DrinkType.allCases {
            let choices = DrinkCatalog.usualStrengths(for: type)
            #expect(choices == choices.sorted() && Set(choices).count == choices.count && choices.allSatisfy { $0 > Limits.abvPercent.lower && $0 <= Limits.abvPercent.upper })
            for size in DrinkCatalog.sizes(for: type) {
                if let abv = size.abv { #expect(choices.contains(abv), "\(size.id)'s \(abv) %") }
            }
        }
        let picker = DrinkPickerModel(units: .oz, window: LogTimeWindow(session: .mockNightOut, now: Fixed.at(minutes: 60)), calendar: Self.utc)
        picker.typeChosen(.wine)
        #expect(picker.measures.strengthChoices == DrinkCatalog.usualStrengths(for: .wine))
        picker.measures.strengthChosen(14)
        #expect(picker.measures.abv == 14 && picker.measures.estimate == 1.17, "5 oz at 14 %")
        picker.measures.estimateStepped(up: true)
        picker.measures.strengthChosen(11)
        #expect(picker.measures.abv == 11 && picker.measures.estimate == 1.42, "set by hand, the estimate stays")
        // A cocktail's strength is not known until one is chosen.
        picker.typeChosen(.cocktail)
        #expect(picker.measures.abv == nil)
        picker.measures.strengthChosen(15)
        #expect(picker.measures.abvText == "15 %")
    }

    @Test("now, 15 and 30 minutes ago at a tap, only where they fall inside the session; a time picked by hand unmarks them")
    func timeChoices() throws {
        var session = Session.mockNightOut
        session.endTime = nil
        session.isActive = true
        // Twenty minutes in: half an hour ago is before the session began.
        let early = DrinkPickerModel(units: .oz, window: LogTimeWindow(session: session, now: Fixed.at(minutes: 20)), calendar: Self.utc)
        #expect(early.timeChoices(now: Fixed.at(minutes: 20)) == [.now, .minutesAgo(15)])
        let now = Fixed.at(minutes: 120)
        let picker = DrinkPickerModel(units: .oz, window: LogTimeWindow(session: session, now: now), calendar: Self.utc)
        #expect(picker.timeChoices(now: now) == [.now, .minutesAgo(15), .minutesAgo(30)])
        #expect(picker.timeChoices(now: now).map(\.title) == ["Now", "15 min ago", "30 min ago"])
        #expect(picker.timeChoice == .now && picker.time == nil)
        picker.timeChosen(.minutesAgo(15), now: now)
        #expect(picker.time == Fixed.at(minutes: 105) && picker.timeChoice == .minutesAgo(15) && picker.isAdjusted)
        guard case .logDrink(_, .phone, nil, let at?) = picker.action() else {
            Issue.record("a drink 15 minutes ago: \(picker.action())")
            return
        }
        #expect(at == Fixed.at(minutes: 105))
        picker.timePicked(Self.utc.date(bySettingHour: 21, minute: 0, second: 0, of: Fixed.start)!)
        #expect(picker.timeChoice == nil)
        picker.timeChosen(.now, now: now)
        #expect(picker.time == nil && picker.timeChoice == .now && !picker.isAdjusted)
    }

    @Test("a time outside the session is refused with the window in words, and nothing is logged")
    func outside() async throws {
        let (model, _) = try await screen()
        let picker = try #require(model.drinkPicker(calendar: Self.utc))
        // Picked exactly, not by hour and minute: a time the window does not hold.
        picker.timePicked(Fixed.at(minutes: -600))
        await model.drinkPicked(picker)
        #expect(model.errorMessage != nil)
        #expect(model.drinkCount == 0)
    }
}
