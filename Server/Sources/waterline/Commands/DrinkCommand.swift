import ArgumentParser
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

struct DrinkCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "drink",
        abstract: "Log a drink: a preset, a type and size, or a number of standard drinks.",
        discussion: "Sizes: \(DrinkCatalog.sizes.map(\.id).joined(separator: ", ")), or a number of ounces."
    )

    @Option(help: "One of your presets, by name (see `waterline presets`).")
    var preset: String?
    @Option(help: "beer, wine, liquor or cocktail.")
    var type: DrinkType?
    @Option(parsing: .unconditional, help: "A catalog size (e.g. beer-16oz) or ounces (with --abv or --std).")
    var size: String?
    @Option(parsing: .unconditional, help: "Alcohol by volume in percent, to work out the estimate.")
    var abv: Double?
    @Option(parsing: .unconditional, help: "Standard drinks this one counts for (overrides the estimate).")
    var std: Double?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if preset != nil, type != nil || size != nil || abv != nil {
            throw ArgumentParser.ValidationError("use --preset alone, or --type with --size")
        }
        if size != nil, type == nil, DrinkCatalog.size(id: size ?? "") == nil {
            throw ArgumentParser.ValidationError("--size needs --type unless it is a catalog size (\(DrinkCatalog.sizes.map(\.id).joined(separator: ", ")))")
        }
    }

    func run(on companion: Companion) async throws {
        let input = try await drinkInput(companion)
        Output.logged(try await companion.send(.logDrink(input, source: .phone)))
    }

    private func drinkInput(_ companion: Companion) async throws -> DrinkInput {
        if let preset {
            let found = try await companion.preset(named: preset)
            guard std == nil else {
                var meta = found.alcoholMeta
                meta.standardDrinkEstimate = std!
                return .custom(meta)
            }
            return .preset(found.id)
        }
        if let size, let catalog = DrinkCatalog.size(id: size) {
            if let type, type != catalog.drinkType { throw CLIError("\(size) is a \(catalog.drinkType.rawValue) size, not \(type.rawValue)") }
            return .size(catalog, estimate: std)
        }
        if let type {
            guard let size else {
                let first = DrinkCatalog.sizes(for: type)[0]
                return .size(first, estimate: std)
            }
            if let named = DrinkCatalog.sizes(for: type).first(where: { $0.id == "\(type.rawValue)-\(size)" || $0.name.lowercased() == size.lowercased() }) {
                return .size(named, estimate: std)
            }
            guard let ounces = Double(size.replacingOccurrences(of: "oz", with: "")) else {
                let offered = DrinkCatalog.sizes(for: type).map(\.id).joined(separator: ", ")
                throw CLIError("unknown size \(size) for \(type.rawValue); use ounces or one of \(offered)")
            }
            let estimate: Double
            if let std {
                estimate = std
            } else if let abv {
                do { estimate = try StandardDrinks.estimate(sizeOz: ounces, abvPercent: abv) } catch { throw CLIError(error.description) }
            } else {
                throw CLIError("give --abv or --std with a size in ounces")
            }
            return .custom(AlcoholMeta(drinkType: type, sizeOz: ounces, abv: abv, standardDrinkEstimate: estimate))
        }
        if let std {
            var meta = AlcoholMeta.standardDrink
            meta.standardDrinkEstimate = std
            return .custom(meta)
        }
        return .quick
    }
}
