import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Standard drinks and the catalog")
struct DrinkCatalogTests {
    @Test("the three reference pours are each one standard drink", arguments: [(12.0, 5.0), (5, 12), (1.5, 40)])
    func references(sizeOz: Double, abv: Double) throws {
        #expect(try StandardDrinks.estimate(sizeOz: sizeOz, abvPercent: abv) == 1)
    }

    @Test("the formula scales with volume and strength")
    func formula() throws {
        #expect(try StandardDrinks.estimate(sizeOz: 3, abvPercent: 40) == 2)
        #expect(try StandardDrinks.estimate(sizeOz: 16, abvPercent: 5) == 1.33)
        #expect(try StandardDrinks.estimate(sizeOz: 12, abvPercent: 0) == 0)
        #expect(throws: ValidationError.self) { try StandardDrinks.estimate(sizeOz: 12, abvPercent: 150) }
        #expect(throws: ValidationError.self) { try StandardDrinks.estimate(sizeOz: 0, abvPercent: 5) }
    }

    @Test("every catalog size with an ABV agrees with the formula")
    func catalogMatchesFormula() throws {
        for size in DrinkCatalog.sizes {
            if let abv = size.abv {
                #expect(try StandardDrinks.estimate(sizeOz: size.sizeOz, abvPercent: abv) == size.standardDrinkEstimate, "\(size.id)")
            }
            try size.alcoholMeta().validate()
        }
    }

    @Test("each type offers the spec's sizes")
    func sizesPerType() {
        #expect(DrinkCatalog.sizes(for: .beer).map(\.sizeOz) == [12, 16, 20])
        #expect(DrinkCatalog.sizes(for: .wine).first?.sizeOz == 5)
        #expect(DrinkCatalog.sizes(for: .liquor).map(\.standardDrinkEstimate) == [1, 2])
        #expect(DrinkCatalog.sizes(for: .cocktail).map(\.name) == ["Standard", "Strong"])
        #expect(DrinkCatalog.size(id: "liquor-double")?.sizeOz == 3)
        #expect(Set(DrinkCatalog.sizes.map(\.id)).count == DrinkCatalog.sizes.count)
    }

    @Test("an edited estimate replaces the catalog's")
    func override() {
        let meta = DrinkCatalog.size(id: "beer-16oz")!.alcoholMeta(estimate: 1.5)
        #expect(meta.standardDrinkEstimate == 1.5)
        #expect(meta.sizeOz == 16)
    }

    @Test("the five default presets of US-016")
    func defaults() throws {
        let presets = DrinkCatalog.defaultPresets(userId: UUID(number: 1))
        #expect(presets.map(\.name) == ["Beer", "Glass of Wine", "Shot", "Cocktail", "Double"])
        #expect(presets.map(\.standardDrinkEstimate) == [1, 1, 1, 1, 2])
        #expect(presets.map(\.sizeOz) == [12, 5, 1.5, 4, 3])
        #expect(presets.map(\.sortOrder) == [0, 1, 2, 3, 4])
        for preset in presets { try preset.validate() }
    }

    @Test("every device starts with the same default presets, older than any edit, so they sync to five")
    func defaultsAreTheSameEverywhere() {
        let mine = DrinkCatalog.defaultPresets(userId: UUID(number: 1))
        let yours = DrinkCatalog.defaultPresets(userId: UUID(number: 2))
        #expect(mine.map(\.id) == yours.map(\.id))
        #expect(Set(mine.map(\.id)).count == 5)
        #expect(mine.allSatisfy { $0.updatedAt == DrinkCatalog.defaultPresetStamp })
        #expect(Limits.timestamp.contains(DrinkCatalog.defaultPresetStamp.timeIntervalSince1970), "the backend takes them")
    }

    @Test("ounces and millilitres convert both ways and read naturally")
    func units() {
        #expect(abs(VolumeConversion.milliliters(fromOunces: 8) - 236.588) < 0.001)
        #expect(abs(VolumeConversion.ounces(fromMilliliters: 250) - 8.4535) < 0.001)
        #expect(VolumeConversion.format(ounces: 8, in: .oz) == "8 oz")
        #expect(VolumeConversion.format(ounces: 8, in: .ml) == "237 ml")
        #expect(VolumeConversion.format(ounces: 1.5, in: .oz) == "1.5 oz")
    }
}
