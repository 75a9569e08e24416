import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Log entry validation")
struct LogEntryValidationTests {
    @Test("valid drinks and waters pass")
    func valid() throws {
        try Fixed.drink(1, at: 0).validate()
        try Fixed.water(2, at: 0).validate()
        try LogEntry.alcohol(id: UUID(number: 3), sessionId: Fixed.sessionId, at: Fixed.start,
                             AlcoholMeta(drinkType: .beer, sizeOz: 12, abv: 0, standardDrinkEstimate: 0)).validate()
    }

    @Test("out-of-range values name their field", arguments: [
        (AlcoholMeta(drinkType: .beer, sizeOz: 0, standardDrinkEstimate: 1), "sizeOz"),
        (AlcoholMeta(drinkType: .beer, sizeOz: 65, standardDrinkEstimate: 1), "sizeOz"),
        (AlcoholMeta(drinkType: .beer, sizeOz: -12, standardDrinkEstimate: 1), "sizeOz"),
        (AlcoholMeta(drinkType: .wine, sizeOz: 5, abv: 101, standardDrinkEstimate: 1), "abv"),
        (AlcoholMeta(drinkType: .wine, sizeOz: 5, abv: -1, standardDrinkEstimate: 1), "abv"),
        (AlcoholMeta(drinkType: .liquor, sizeOz: 3, standardDrinkEstimate: 10.5), "standardDrinkEstimate"),
        (AlcoholMeta(drinkType: .liquor, sizeOz: 3, standardDrinkEstimate: -1), "standardDrinkEstimate"),
        (AlcoholMeta(drinkType: .liquor, sizeOz: 3, standardDrinkEstimate: .nan), "standardDrinkEstimate"),
    ])
    func invalidDrink(meta: AlcoholMeta, field: String) {
        let log = LogEntry.alcohol(id: UUID(number: 1), sessionId: Fixed.sessionId, at: Fixed.start, meta)
        #expect(throws: ValidationError.self) { try log.validate() }
        do { try log.validate() } catch { #expect(error.field == field) }
    }

    @Test("water amounts must be more than 0 and at most 64 oz", arguments: [0.0, -8, 64.5, .infinity])
    func invalidWater(amount: Double) {
        let log = LogEntry.water(id: UUID(number: 1), sessionId: Fixed.sessionId, at: Fixed.start, amountOz: amount)
        #expect(throws: ValidationError.outOfRange(field: "amountOz", value: amount, allowed: Limits.waterAmountOz.allowedDescription)) {
            try log.validate()
        }
    }

    @Test("metadata must match the type")
    func mismatched() {
        var drinkWithoutMeta = Fixed.drink(1, at: 0)
        drinkWithoutMeta.alcoholMeta = nil
        #expect(throws: ValidationError.missing(field: "alcoholMeta")) { try drinkWithoutMeta.validate() }
        var waterWithDrink = Fixed.water(2, at: 0)
        waterWithDrink.alcoholMeta = .standardDrink
        #expect(throws: ValidationError.self) { try waterWithDrink.validate() }
    }

    @Test("timestamps in milliseconds or far from now are refused")
    func timestamps() {
        let inMilliseconds = Date(timeIntervalSince1970: Fixed.start.timeIntervalSince1970 * 1000)
        let log = LogEntry.water(id: UUID(number: 1), sessionId: Fixed.sessionId, at: inMilliseconds, amountOz: 8)
        #expect(throws: ValidationError.self) { try log.validate() }
    }

    @Test("error messages read as sentences")
    func messages() {
        #expect(ValidationError.outOfRange(field: "sizeOz", value: -1, allowed: Limits.drinkSizeOz.allowedDescription).description
            == "sizeOz must be more than 0 and at most 64 oz (got -1)")
        #expect(ValidationError.missing(field: "name").description == "name is required")
    }
}
