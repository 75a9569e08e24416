import Foundation

/// Every change a person can make, from any surface: the screens, the watch, a widget or Live
/// Activity button, Siri, a notification's action, the in-app banner and the command line all
/// describe what they want as one of these and hand it to `SessionActions.send(_:)`, which
/// makes the change and carries out every consequence.
public enum SessionAction: Hashable, Sendable {
    /// The person finished onboarding (or a surface needs them set up): creates them, with
    /// these settings when given, and the starter presets.
    case prepare(UserSettings?)
    /// Starts a night, or keeps the one already running.
    case startSession
    /// Logs a drink in the running night, or in `sessionId` when given (a watch message that
    /// arrives after its night ended). A repeated `id` logs nothing twice.
    case logDrink(DrinkInput, source: LogSource, id: UUID? = nil, at: Date? = nil, sessionId: UUID? = nil)
    /// Logs a glass of water, by default of the person's default amount (as `logDrink`).
    case logWater(amountOz: Double? = nil, source: LogSource, id: UUID? = nil, at: Date? = nil, sessionId: UUID? = nil)
    /// Replaces a log's time and details.
    case editLog(LogEntry)
    /// Deletes a log (Undo, a swipe, `waterline delete`).
    case deleteLog(id: UUID)
    /// Ends the running night; with `sessionId`, only if that is the one running (a late
    /// duplicate from the watch must not end a night started after it). With `atLastLog`, the
    /// night ends at its last log (its start when nothing was logged), not now: "End Now" on the
    /// prompt for a night left running, as a forgotten night ends by itself.
    case endSession(sessionId: UUID? = nil, atLastLog: Bool = false)
    /// "Remind Me in 10 Min" on a reminder.
    case remindLater
    case addPreset(PresetDraft)
    case editPreset(DrinkPreset)
    case deletePreset(id: UUID)
    /// Puts the presets in this order; any not named keep their order after these. The first is
    /// the quick drink that widgets, the Live Activity and Siri log.
    case reorderPresets([UUID])
    case updateSettings(UserSettings)
    /// Deletes an ended night from History (it syncs as tombstones).
    case deletePastSession(id: UUID)
    /// Removes every local record (the account was deleted, or the person starts clean).
    case deleteAllData

    /// A short name for logs and the system's background-task names.
    public var name: String {
        switch self {
        case .prepare: "prepare"
        case .startSession: "start session"
        case .logDrink: "log drink"
        case .logWater: "log water"
        case .editLog: "edit log"
        case .deleteLog: "delete log"
        case .endSession: "end session"
        case .remindLater: "remind later"
        case .addPreset: "add preset"
        case .editPreset: "edit preset"
        case .deletePreset: "delete preset"
        case .reorderPresets: "reorder presets"
        case .updateSettings: "update settings"
        case .deletePastSession: "delete past session"
        case .deleteAllData: "delete all data"
        }
    }
}
