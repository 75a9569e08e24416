import ArgumentParser
import Dispatch
import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

/// `waterline` with no arguments: the live screen in a terminal; piped, the status.
struct ScreenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screen",
        abstract: "The live screen (the default in a terminal): d drink, w water, u undo, e end, q quit.",
        discussion: "Without a terminal (piped), prints the status and exits."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    nonisolated(unsafe) private static var resizeSource: (any DispatchSourceSignal)?

    enum Event: Sendable {
        case key(UInt8)
        case tick
        case resize
        case endOfInput
    }

    func run() async throws {
        guard Terminal.isInteractive, !output.json else {
            let status = try StatusCommand.parse((global.home.map { ["--home", $0] } ?? []) + (output.json ? ["--json"] : []))
            return try await status.run()
        }
        let companion = try await Companion(global)
        let terminal = Terminal()
        terminal.enter()
        defer { terminal.leave() }
        var loop = LiveScreenLoop(companion: companion, terminal: terminal)
        try await loop.run(events: Self.events())
    }

    /// Keys from a reader thread, a tick each second, and the terminal's resizes.
    private static func events() -> AsyncStream<Event> {
        let (events, continuation) = AsyncStream.makeStream(of: Event.self)
        let reader = Thread {
            var byte: UInt8 = 0
            while read(STDIN_FILENO, &byte, 1) == 1 { continuation.yield(.key(byte)) }
            continuation.yield(.endOfInput)
        }
        reader.start()
        let ticker = Ticker.everySecond { continuation.yield(.tick) }
        signal(SIGWINCH, SIG_IGN)
        let resizes = DispatchSource.makeSignalSource(signal: SIGWINCH)
        resizes.setEventHandler { continuation.yield(.resize) }
        resizes.resume()
        // Kept for the life of the process: the screen is the whole command.
        resizeSource = resizes
        continuation.onTermination = { _ in ticker.cancel() }
        return events
    }
}
