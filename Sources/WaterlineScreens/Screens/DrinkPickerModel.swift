import Foundation
import Observation
import WaterlineCore

/// "+ Drink" in the app: a type and a size from the catalog, then, when the drink was not quite
/// that, its size, ABV or time as it was, before it is logged. The common differences are one tap
/// each (the type's usual strengths, "Now / 15 / 30 min ago"); steppers and a time picker cover
/// the rest. Widgets, the watch and the Live Activity keep their one-tap default.
/// While the person has not set the estimate by hand it follows size and ABV, as in the preset
/// editor; a time picked by hour and minute lands inside the night (`LogTimeWindow`).
@Observable
@MainActor
public final class DrinkPickerModel {
    public private(set) var drinkType: DrinkType
    /// The catalog size chosen last; what the drink is when nothing else was changed.
    public private(set) var size: DrinkSize
    /// Size, ABV and the estimate that follows them until set by hand (as in the preset editor).
    public private(set) var drink: DrinkEstimate
    /// When it was had; nil: now, as it is logged.
    public private(set) var time: Date?
    /// The time chosen at a tap, for the picker to show it chosen; nil once a time was picked on
    /// the time picker.
    public private(set) var timeChoice: LogTimeChoice? = .now
    /// From the night's start to now: where a picked time may land.
    public let window: LogTimeWindow

    /// The person's units: sizes read and step in them (they are kept in ounces).
    public let units: Units
    private let calendar: Calendar

    public init(units: Units, window: LogTimeWindow, calendar: Calendar = .current) {
        self.units = units
        self.window = window
        self.calendar = calendar
        let first = DrinkCatalog.sizes(for: .beer)[0]
        drinkType = .beer
        size = first
        drink = DrinkEstimate(sizeOz: first.sizeOz, abv: first.abv, estimate: first.standardDrinkEstimate)
    }

    public var sizeOz: Double { drink.sizeOz }
    /// nil: not known.
    public var abv: Double? { drink.abv }
    public var estimate: Double { drink.estimate }

    // MARK: What the picker shows

    /// The catalog sizes of the chosen type.
    public var sizes: [DrinkSize] { DrinkCatalog.sizes(for: drinkType) }

    /// "12 oz", in the person's units.
    public var sizeText: String { VolumeConversion.format(ounces: sizeOz, in: units) }

    /// "5 %", or nil while the ABV is not known.
    public var abvText: String? { abv.map(Self.percentText) }

    /// The type's usual strengths, offered at a tap (`DrinkCatalog.usualStrengths`).
    public var strengthChoices: [Double] { DrinkCatalog.usualStrengths(for: drinkType) }

    /// "7 %", "12.5 %" in the person's language.
    nonisolated public static func percentText(_ abv: Double) -> String {
        abv.formatted(.number.precision(.fractionLength(0...1)).locale(KitLanguage.locale)) + " %"
    }

    /// The times offered at a tap at `now`: now, and 15 and 30 minutes ago while inside the night.
    public func timeChoices(now: Date) -> [LogTimeChoice] { LogTimeChoice.offered(in: window, now: now) }

    /// "Counts as 1.5 standard drinks".
    public var estimateText: String { StandardDrinkText.countsAs(estimate) }

    /// The time shown in the picker: the one chosen, or now.
    public func shownTime(now: Date) -> Date { time ?? min(max(now, window.start), window.end) }

    /// Whether the estimate follows size and ABV: while the ABV is known and the estimate was not
    /// set by hand.
    public var estimateFollowsABV: Bool { drink.follows }

    /// Whether what will be logged differs from the catalog size as listed.
    public var isAdjusted: Bool { sizeOz != size.sizeOz || abv != size.abv || estimate != size.standardDrinkEstimate || time != nil }

    // MARK: What the person did

    public func typeChosen(_ type: DrinkType) {
        guard type != drinkType else { return }
        drinkType = type
        sizeChosen(DrinkCatalog.sizes(for: type)[0])
    }

    /// A catalog size: its size, ABV and estimate, the estimate following again.
    public func sizeChosen(_ chosen: DrinkSize) {
        size = chosen
        drink = DrinkEstimate(sizeOz: chosen.sizeOz, abv: chosen.abv, estimate: chosen.standardDrinkEstimate)
    }

    public func sizeStepped(up: Bool) { drink.stepSize(up: up, units: units) }

    public func abvStepped(up: Bool) { drink.stepABV(up: up) }

    /// One of the usual strengths, at a tap ("it was a 7 % IPA").
    public func strengthChosen(_ abv: Double) { drink.setABV(abv) }

    /// The estimate stepped by hand: from now on it stays as set.
    public func estimateStepped(up: Bool) { drink.stepEstimate(up: up) }

    /// "I had it at 21:30": a time picked by hour and minute, placed inside the night.
    public func timePicked(_ picked: Date) {
        time = window.placing(picked, in: calendar)
        timeChoice = nil
    }

    /// "Now", "15 min ago" or "30 min ago" at a tap, counted back from `now`.
    public func timeChosen(_ choice: LogTimeChoice, now: Date) {
        time = choice.time(now: now).map { window.placing($0, in: calendar) }
        timeChoice = choice
    }

    /// Back to "now".
    public func timeCleared() {
        time = nil
        timeChoice = .now
    }

    /// What "Log" sends: the catalog size as listed, or the drink as it was, at its time.
    public func action() -> SessionAction {
        let input: DrinkInput
        if sizeOz == size.sizeOz && abv == size.abv {
            input = .size(size, estimate: estimate == size.standardDrinkEstimate ? nil : estimate)
        } else {
            input = .custom(AlcoholMeta(drinkType: drinkType, sizeOz: sizeOz, abv: abv, standardDrinkEstimate: estimate))
        }
        return .logDrink(input, source: .phone, at: time)
    }
}
