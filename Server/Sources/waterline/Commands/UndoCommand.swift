import ArgumentParser
import Foundation
import WaterlineKit

struct UndoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "undo", abstract: "Remove the newest log if it is under 5 minutes old.")

    static let window: TimeInterval = 5 * 60

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let companion = try await Companion(global)
        let settings = try await companion.service.settings()
        let update = try await companion.activeSession()
        // The newest is the one written last, whatever time it was logged for.
        guard let newest = update.logs.max(by: { $0.updatedAt < $1.updatedAt }) else {
            throw CLIError("nothing to undo: the session has no logs")
        }
        let age = Companion.now().timeIntervalSince(newest.updatedAt)
        guard age < Self.window else {
            throw CLIError("nothing to undo: the newest log was made \(Int(age / 60)) min ago (undo works for 5 min); use `waterline delete \(Output.shortId(newest.id))`")
        }
        let after = try await companion.service.deleteLog(id: newest.id)
        print("Undid \(LogDescription.title(for: newest, units: settings.units))")
        print(Output.stateLine(after))
    }
}
