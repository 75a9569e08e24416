import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

/// The live screen's loop: reads the store, draws, turns keys into the same actions the other
/// commands take, shows reminders as they fall due (from the same plan as the app), and
/// redraws when another `waterline` changes the store.
struct LiveScreenLoop {
    let companion: Companion
    let terminal: Terminal
    private var state = LiveScreenState()
    private var frame: LiveFrame
    private var storeVersion = 0
    /// Which reminders fell due since the last tick.
    private var reminders: ReminderWatch

    init(companion: Companion, terminal: Terminal) {
        self.companion = companion
        self.terminal = terminal
        let now = Companion.now()
        frame = LiveFrame(settings: UserSettings(), presets: [], now: now, mode: .main)
        reminders = ReminderWatch(since: now)
    }

    mutating func run(events: AsyncStream<ScreenCommand.Event>) async throws {
        try await reload()
        draw()
        for await event in events {
            switch event {
            case .endOfInput:
                return
            case .resize:
                break
            case .tick:
                try await tick()
            case .key(let key):
                let action = state.press(key, hasSession: frame.update != nil, presetCount: frame.presets.count)
                if action == .quit { return }
                if let action { await perform(action) }
                frame.mode = state.mode
            }
            draw()
        }
    }

    private mutating func tick() async throws {
        let now = Companion.now()
        // The plan read at the last look holds the reminders that came due since.
        if let due = reminders.look(at: frame.update?.reminders, now: now).last {
            frame.reminder = due
            terminal.bell()
        }
        frame.now = now
        let version = try await companion.dataVersion()
        if version != storeVersion { try await reload() }
    }

    /// Reads everything the screen shows (another process may have changed it).
    private mutating func reload() async throws {
        storeVersion = try await companion.dataVersion()
        let current = try await companion.state()
        frame.settings = current.settings
        frame.presets = current.presets
        frame.update = current.active
        if frame.update == nil {
            state.sessionEnded()
            frame.mode = state.mode
            frame.reminder = nil
            frame.lastSummary = try await companion.runtime.reader.sessions(limit: 1).first?.computedSummary
        }
        frame.now = Companion.now()
    }

    private mutating func perform(_ action: LiveScreenState.Action) async {
        do {
            let units = frame.settings.units
            switch action {
            case .logWater:
                let update = try await companion.send(.logWater(source: .phone))
                frame.reminder = nil
                frame.message = update.changedLog.map { "Logged \(LogDescription.title(for: $0, units: units))" }
            case .logPreset(let index):
                let update = try await companion.send(.logDrink(.preset(frame.presets[index].id), source: .phone))
                frame.message = update.changedLog.map { "Logged \(LogDescription.title(for: $0, units: units))" }
                if let nudge = Output.nudge(after: update) { frame.message = (frame.message ?? "") + " → " + nudge }
            case .undo:
                let (log, _) = try await companion.undoNewestLog()
                frame.message = "Undid \(LogDescription.title(for: log, units: units))"
            case .startSession:
                let started = try await companion.send(.startSession)
                frame.message = started.session.map { "Session started at \(Output.clock($0.session.startTime))" }
            case .endSession:
                let ended = try await companion.send(.endSession())
                frame.message = ended.session.map { "Session ended · \(Output.stateLine($0))" }
            case .quit, .redraw:
                return
            }
            try await reload()
        } catch {
            frame.message = Output.refusal(error)
        }
    }

    private func draw() {
        let size = terminal.size
        terminal.draw(LiveScreen.render(frame, width: size.width, height: size.height))
    }
}
