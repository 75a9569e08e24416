import ArgumentParser

/// `--json` for read commands.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print JSON (the spec's field names) instead of text.")
    var json = false
}
