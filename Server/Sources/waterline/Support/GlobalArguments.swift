/// Lets the options every command shares come before the subcommand too, as `git -C` and
/// `swift --package-path` do: `waterline --home DIR status` means `waterline status --home DIR`.
enum GlobalArguments {
    /// The options that may lead: `--home DIR` (or `--home=DIR`) and `--json`.
    static func normalized(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--home", index + 1 < arguments.count {
                leading += [argument, arguments[index + 1]]
                index += 2
            } else if argument.hasPrefix("--home=") || argument == "--json" {
                leading.append(argument)
                index += 1
            } else {
                break
            }
        }
        // Only options, or none at all: the default command (the live screen) takes them as they are.
        guard !leading.isEmpty, index < arguments.count else { return arguments }
        // After everything else, so a nested command (`presets add`) still sees them.
        return Array(arguments[index...]) + leading
    }
}
