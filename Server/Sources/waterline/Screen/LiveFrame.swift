import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

/// Everything one drawing of the live screen shows.
struct LiveFrame {
    /// The running session, or nil.
    var update: SessionSnapshot?
    /// The session that ended last, for the screen with no session.
    var lastSummary: SessionSummary?
    var settings: UserSettings
    var presets: [DrinkPreset]
    var now: Date
    /// A reminder that fell due while the screen was open.
    var reminder: ReminderRequest?
    /// What the last key did, or why it could not.
    var message: String?
    var mode: LiveScreenState.Mode
}
