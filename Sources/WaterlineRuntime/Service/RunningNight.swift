import Foundation
import WaterlineCore
import WaterlineStorage

/// The running night exactly as the store held it at `place` in its change feed, kept by the
/// session service so a log made now steps the night on (`SessionSnapshot.adding`) instead of
/// reading, sorting and replaying every log of it again. It is used only while nothing has
/// changed the night, or the settings it was reckoned with, since `place` (another process, a
/// pull, the paired device: `SessionService.running(at:)` asks the feed).
struct RunningNight: Sendable {
    var night: SessionSnapshot
    var settings: UserSettings
    var place: Int

    /// The known night when it is `session` as stored now, reckoned with `settings`.
    func night(_ session: Session, settings: UserSettings) -> SessionSnapshot? {
        night.session == session && self.settings == settings ? night : nil
    }
}
