import Foundation

/// Every change a person can make, from any surface: the screens, the watch, a widget or Live
/// Activity button, Siri, a notification's action, the in-app banner and the command line all
/// describe what they want as one of these and hand it to `SessionActions.send(_:from:)`, which
/// makes the change and carries out every consequence.
public enum SessionAction: Hashable, Sendable {
    /// The person finished onboarding (or a surface needs them set up): creates them, with
    /// these settings when given, and the starter presets.
    case prepare(UserSettings?)
    /// Starts a session, or keeps the one already running.
    case startSession
    /// "I'm planning N drinks" for the running session (nil: no plan); remembered as the next
    /// session's suggestion.
    case setPlan(drinks: Int?)
    /// Logs a drink in the running session, now or at `at` (the drink picker's time, inside the
    /// session). A repeated `id` logs nothing twice.
    case logDrink(DrinkInput, source: LogSource, id: UUID? = nil, at: Date? = nil)
    /// Logs a glass of water, by default of the person's default amount (as `logDrink`).
    case logWater(amountOz: Double? = nil, source: LogSource, id: UUID? = nil, at: Date? = nil)
    /// Replaces a log's time and details.
    case editLog(LogEntry)
    /// Deletes a log (Undo, a swipe, `waterline delete`).
    case deleteLog(id: UUID)
    /// Ends the running session; with `sessionId`, only if that is the one running (a late
    /// duplicate from the watch must not end a session started after it). With `atLastLog`, the
    /// session ends at its last log (its start when nothing was logged), not now: "End Now" on the
    /// prompt for a session left running, as a forgotten session ends by itself.
    case endSession(sessionId: UUID? = nil, atLastLog: Bool = false)
    /// "Remind Me in 10 Min" on a reminder.
    case remindLater
    /// "Keep Going" on the prompt for a session gone quiet or running long: the session stays the
    /// running one, live again, and the next log joins it.
    case keepGoing
    case addPreset(PresetDraft)
    case editPreset(DrinkPreset)
    case deletePreset(id: UUID)
    /// Puts the presets in this order; any not named keep their order after these. The first is
    /// the quick drink that widgets, the Live Activity and Siri log.
    case reorderPresets([UUID])
    case updateSettings(UserSettings)
    /// Deletes an ended session from History (it syncs as tombstones).
    case deletePastSession(id: UUID)
    /// Removes every local record (the account was deleted, or the person starts clean).
    case deleteAllData

    /// Each action without its values: what tables over every action iterate, so a new action
    /// cannot be left out of them.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case prepare, startSession, setPlan, logDrink, logWater, editLog, deleteLog, endSession, remindLater, keepGoing
        case addPreset, editPreset, deletePreset, reorderPresets, updateSettings, deletePastSession, deleteAllData
    }

    public var kind: Kind {
        switch self {
        case .prepare: .prepare
        case .startSession: .startSession
        case .setPlan: .setPlan
        case .logDrink: .logDrink
        case .logWater: .logWater
        case .editLog: .editLog
        case .deleteLog: .deleteLog
        case .endSession: .endSession
        case .remindLater: .remindLater
        case .keepGoing: .keepGoing
        case .addPreset: .addPreset
        case .editPreset: .editPreset
        case .deletePreset: .deletePreset
        case .reorderPresets: .reorderPresets
        case .updateSettings: .updateSettings
        case .deletePastSession: .deletePastSession
        case .deleteAllData: .deleteAllData
        }
    }

    /// A drink or a water logged: the one write the session service steps the running session on
    /// for, rather than read it again (`RunningSession`).
    public var addsLog: Bool {
        kind == .logDrink || kind == .logWater
    }

    /// A short name for logs and the system's background-task names ("log water").
    public var name: String {
        // Spelled out letter by letter: it names every action's background task, and a regex
        // here cost more than the rest of a log's bookkeeping.
        var name = ""
        for character in kind.rawValue {
            if character.isUppercase { name += " " + character.lowercased() } else { name.append(character) }
        }
        return name
    }
}
