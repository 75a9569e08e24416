import ArgumentParser
import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

struct RemindCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Stay in the foreground: print each reminder when it is due; Enter logs water, q quits."
    )

    @OptionGroup var global: GlobalOptions

    enum Event: Sendable {
        case line(String)
        case endOfInput
        case tick
    }

    func run(on companion: Companion) async throws {
        let settings = try await companion.state().settings
        var update = try await companion.activeSession()
        print("Reminders for the session started at \(Output.clock(update.session.startTime)). Enter logs water (\(VolumeConversion.format(ounces: settings.defaultWaterAmountOz, in: settings.units))); q then Enter quits.")
        printNext(update, settings: settings)

        let (events, continuation) = AsyncStream.makeStream(of: Event.self)
        let reader = Thread {
            while let line = readLine() { continuation.yield(.line(line)) }
            continuation.yield(.endOfInput)
        }
        reader.start()
        let ticker = Ticker.everySecond { continuation.yield(.tick) }
        defer { ticker.cancel() }

        var reminders = ReminderWatch(since: Companion.now())
        for await event in events {
            switch event {
            case .endOfInput:
                print("Stopped reminding. The session is still running.")
                return
            case .line(let text) where text.trimmingCharacters(in: .whitespaces).lowercased() == "q":
                print("Stopped reminding. The session is still running.")
                return
            case .line:
                let result = try await companion.send(.logWater(source: .phone))
                Output.logged(result)
                if let snapshot = result.state.active { update = snapshot }
                printNext(update, settings: settings)
            case .tick:
                // The plan made at the last look holds the reminders that have come due since.
                for request in reminders.look(at: update.reminders, now: Companion.now()) {
                    print("\u{7}⏰ \(Output.clock(request.fireDate))  \(request.content.detailTitle) — \(request.content.detailBody.split(separator: "\n").first ?? "")")
                }
                guard let current = try await companion.state().active else {
                    print("The session has ended.")
                    return
                }
                update = current
            }
        }
    }

    private func printNext(_ update: SessionSnapshot, settings: UserSettings) {
        if let next = update.reminders.nextReminderDate {
            print("Next reminder: \(Output.clock(next))")
        } else if !settings.timeRemindersEnabled {
            print("Time reminders are off (`waterline settings --reminders on`).")
        }
    }
}
