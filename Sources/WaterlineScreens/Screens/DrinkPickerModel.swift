import Foundation
import Observation
import WaterlineCore

/// "+ Drink" in the app: a type and a size from the catalog, then, when the drink was not quite
/// that, its size, ABV or time as it was, before it is logged. The common differences are one tap
/// each (the type's usual strengths, "Now / 15 / 30 min ago"); steppers and a time picker cover
/// the rest. Widgets, the watch and the Live Activity keep their one-tap default.
/// While the person has not set the estimate by hand it follows size and ABV, as in the preset
/// editor; a time picked by hour and minute lands inside the session (`LogTimeWindow`).
@Observable
@MainActor
public final class DrinkPickerModel {
    public var drinkType: DrinkType { measures.drinkType }
    /// The catalog size chosen last; what the drink is when nothing else was changed.
    public private(set) var size: DrinkSize
    /// Size, ABV and what it counts as: the form it shares with the preset editor.
    public let measures: DrinkMeasures
    /// When it was had; nil: now, as it is logged.
    public private(set) var time: Date?
    /// The time chosen at a tap, for the picker to show it chosen; nil once a time was picked on
    /// the time picker.
    public private(set) var timeChoice: LogTimeChoice? = .now
    /// From the session's start to now: where a picked time may land.
    public let window: LogTimeWindow

    /// The person's units: sizes read and step in them (they are kept in ounces).
    public var units: Units { measures.units }
    private let calendar: Calendar

    public init(units: Units, window: LogTimeWindow, calendar: Calendar = .current) {
        self.window = window
        self.calendar = calendar
        let first = DrinkCatalog.sizes(for: .beer)[0]
        size = first
        measures = DrinkMeasures(drinkType: .beer, drink: Self.measured(first), units: units)
    }

    private static func measured(_ size: DrinkSize) -> DrinkEstimate {
        DrinkEstimate(sizeOz: size.sizeOz, abv: size.abv, estimate: size.standardDrinkEstimate)
    }

    // MARK: What the picker shows

    /// The catalog sizes of the chosen type.
    public var sizes: [DrinkSize] { DrinkCatalog.sizes(for: drinkType) }

    /// The times offered at a tap at `now`: now, and 15 and 30 minutes ago while inside the session.
    public func timeChoices(now: Date) -> [LogTimeChoice] { LogTimeChoice.offered(in: window, now: now) }

    /// The time shown in the picker: the one chosen, or now.
    public func shownTime(now: Date) -> Date { time ?? min(max(now, window.start), window.end) }

    /// Whether what will be logged differs from the catalog size as listed.
    public var isAdjusted: Bool {
        measures.sizeOz != size.sizeOz || measures.abv != size.abv || measures.estimate != size.standardDrinkEstimate || time != nil
    }

    // MARK: What the person did

    public func typeChosen(_ type: DrinkType) {
        guard type != drinkType else { return }
        measures.drinkType = type
        sizeChosen(DrinkCatalog.sizes(for: type)[0])
    }

    /// A catalog size: its size, ABV and estimate, the estimate following again.
    public func sizeChosen(_ chosen: DrinkSize) {
        size = chosen
        measures.drink = Self.measured(chosen)
    }

    /// "I had it at 21:30": a time picked by hour and minute, placed inside the session.
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
        let (sizeOz, abv, estimate) = (measures.sizeOz, measures.abv, measures.estimate)
        if sizeOz == size.sizeOz && abv == size.abv {
            input = .size(size, estimate: estimate == size.standardDrinkEstimate ? nil : estimate)
        } else {
            input = .custom(AlcoholMeta(drinkType: drinkType, sizeOz: sizeOz, abv: abv, standardDrinkEstimate: estimate))
        }
        return .logDrink(input, source: .phone, at: time)
    }
}
