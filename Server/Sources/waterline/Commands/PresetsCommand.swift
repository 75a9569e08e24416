import ArgumentParser
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

struct PresetsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "presets",
        abstract: "List, add, edit or delete your quick drinks.",
        subcommands: [List.self, Add.self, Edit.self, Delete.self],
        defaultSubcommand: List.self
    )

    struct List: StoreCommand {
        static let configuration = CommandConfiguration(abstract: "List presets.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        func run(on companion: Companion) async throws {
            let state = try await companion.state()
            let settings = state.settings
            let presets = state.presets
            if output.json { return try Output.json(presets) }
            guard !presets.isEmpty else { return print("No presets. Add one with `waterline presets add`.") }
            for preset in presets {
                let abv = preset.abv.map { " · \(WaterlineFormat.value($0))%" } ?? ""
                print("\(preset.name.padding(toLength: 16, withPad: " ", startingAt: 0)) \(preset.drinkType.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(VolumeConversion.format(ounces: preset.sizeOz, in: settings.units))\(abv) · \(WaterlineFormat.value(preset.standardDrinkEstimate)) std")
            }
        }
    }

    struct Add: StoreCommand {
        static let configuration = CommandConfiguration(abstract: "Add a preset; without --std the estimate comes from size and ABV.")
        @Option(help: "Its name, as you will type it.") var name: String
        @Option(help: "beer, wine, liquor or cocktail.") var type: DrinkType
        @Option(parsing: .unconditional, help: "Size in ounces.") var size: Double
        @Option(parsing: .unconditional, help: "ABV in percent.") var abv: Double?
        @Option(parsing: .unconditional, help: "Standard drinks it counts for.") var std: Double?
        @OptionGroup var global: GlobalOptions

        func run(on companion: Companion) async throws {
            if (try? await companion.preset(named: name)) != nil { throw CLIError("a preset named \(name) exists; edit it instead") }
            let result = try await companion.send(.addPreset(PresetDraft(name: name, drinkType: type, sizeOz: size, abv: abv, estimate: std)))
            if let preset = result.preset { print("Added \(preset.name): \(WaterlineFormat.value(preset.standardDrinkEstimate)) std") }
        }
    }

    struct Edit: StoreCommand {
        static let configuration = CommandConfiguration(abstract: "Change a preset.")
        @Argument(help: "The preset's name.") var preset: String
        @Option(help: "A new name.") var name: String?
        @Option(help: "beer, wine, liquor or cocktail.") var type: DrinkType?
        @Option(parsing: .unconditional, help: "Size in ounces.") var size: Double?
        @Option(parsing: .unconditional, help: "ABV in percent.") var abv: Double?
        @Option(parsing: .unconditional, help: "Standard drinks it counts for.") var std: Double?
        @OptionGroup var global: GlobalOptions

        func run(on companion: Companion) async throws {
            var found = try await companion.preset(named: preset)
            guard name != nil || type != nil || size != nil || abv != nil || std != nil else {
                throw CLIError("nothing to change; give --name, --type, --size, --abv or --std")
            }
            if let name { found.name = name }
            if let type { found.drinkType = type }
            if let size { found.sizeOz = size }
            if let abv { found.abv = abv }
            if let std { found.standardDrinkEstimate = std }
            if let saved = try await companion.send(.editPreset(found)).preset {
                print("Saved \(saved.name): \(WaterlineFormat.value(saved.standardDrinkEstimate)) std")
            }
        }
    }

    struct Delete: StoreCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a preset; drinks already logged keep their details.")
        @Argument(help: "The preset's name.") var preset: String
        @OptionGroup var global: GlobalOptions

        func run(on companion: Companion) async throws {
            let found = try await companion.preset(named: preset)
            try await companion.send(.deletePreset(id: found.id))
            print("Deleted \(found.name)")
        }
    }
}
