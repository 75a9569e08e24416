import ArgumentParser
import Foundation

/// `--home DIR`, shared by every command.
struct GlobalOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Where Waterline keeps its data (default $WATERLINE_HOME, else ~/.waterline).", valueName: "dir"))
    var home: String?

    var homeDirectory: URL {
        if let home { return URL(fileURLWithPath: home) }
        if let env = ProcessInfo.processInfo.environment["WATERLINE_HOME"], !env.isEmpty { return URL(fileURLWithPath: env) }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".waterline")
    }
}
