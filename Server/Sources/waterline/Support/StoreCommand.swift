import ArgumentParser

/// A command that works on this machine's store. Its `run()` is the one preamble: open the store
/// (`Companion`, the kit's runtime over it) with the global options, then hand it to
/// `run(on:)`. Arguments are checked first, by `check()`, so bad input opens nothing.
protocol StoreCommand: AsyncParsableCommand {
    var global: GlobalOptions { get }
    /// Refuses bad arguments (a `CLIError`) before the store is opened.
    func check() throws
    func run(on companion: Companion) async throws
}

extension StoreCommand {
    func check() throws {}

    func run() async throws {
        try check()
        try await run(on: Companion(global))
    }
}
