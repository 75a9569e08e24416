import ArgumentParser

struct StartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "start", abstract: "Start a night out.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let companion = try await Companion(global)
        if let active = try await companion.service.activeSession() {
            throw CLIError("a session is already active since \(Output.clock(active.session.startTime)); end it with `waterline end`")
        }
        let update = try await companion.service.startSession()
        print("Session started at \(Output.clock(update.session.startTime))  [\(Output.shortId(update.session.id))]")
        if let next = update.reminders.nextReminderDate { print("Next reminder: \(Output.clock(next))") }
    }
}
