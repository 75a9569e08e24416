import Foundation
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// watchOS's background app refresh as the watch app asks for it: one date, the latest asked for
/// replacing the one before; the system wakes the app at or after it
/// (https://developer.apple.com/documentation/watchkit/wkextension/schedulebackgroundrefresh(withpreferreddate:userinfo:scheduledcompletion:)).
@MainActor
final class RecordingRefreshes: BackgroundRefreshScheduling {
    private(set) var scheduled: Date?
    /// Every date asked for, in order.
    private(set) var asked: [Date] = []

    func schedule(at date: Date) {
        scheduled = date
        asked.append(date)
    }

    /// Whether the refresh asked for is due at `now`; taking it clears it (the app asks again).
    func takeDue(at now: Date) -> Bool {
        guard let scheduled, scheduled <= now else { return false }
        self.scheduled = nil
        return true
    }
}
