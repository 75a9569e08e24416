import ArgumentParser

struct StartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "start", abstract: "Start a night out.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let companion = try await Companion(global)
        let result = try await companion.send(.startSession)
        guard result.changed, let update = result.state.active else {
            let since = result.state.active.map { " since \(Output.clock($0.session.startTime))" } ?? ""
            throw CLIError("a session is already active\(since); end it with `waterline end`")
        }
        print("Session started at \(Output.clock(update.session.startTime))  [\(Output.shortId(update.session.id))]")
        if let next = update.reminders.nextReminderDate { print("Next reminder: \(Output.clock(next))") }
    }
}
