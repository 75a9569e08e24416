import Foundation
import WaterlineCore
import WaterlineStorage

/// The state with its running session exactly as the store held it at `place` in its change feed,
/// kept by the session service so a log made now steps the session on (`SessionSnapshot.adding`)
/// instead of reading the person, the session, its logs and the presets again and replaying every
/// log. It is used only while nothing has changed the session, the settings or the presets since
/// `place` (another process, a pull, the paired device: `SessionService.known(at:)` asks the feed).
struct RunningSession: Sendable {
    /// The state, its running session present.
    var state: DeviceState
    var place: Int

    var snapshot: SessionSnapshot { state.active! }
    var settings: UserSettings { state.settings }
    var presets: [DrinkPreset] { state.presets }

    init?(_ state: DeviceState, place: Int) {
        guard state.active != nil else { return nil }
        self.state = state
        self.place = place
    }
}
