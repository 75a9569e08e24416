@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// Background-task assertions: which were begun, whether each was ended, and whether the sync
/// pushes a background call asked for ran before its time was handed back. The system gives an app
/// in the background a bounded time and ends one that does not hand it back
/// (https://developer.apple.com/documentation/uikit/uiapplication/beginbackgroundtask(withname:expirationhandler:)).
@MainActor
final class RecordingBackground: BackgroundTaskHolder {
    private var next = 0
    private(set) var begun: [String] = []
    private(set) var open: Set<Int> = []
    /// The log's length when each background task ended.
    private(set) var endedAt: [Int] = []
    private let log: PlatformLog?

    init(log: PlatformLog? = nil) {
        self.log = log
    }

    func begin(_ name: String) -> Int {
        next += 1
        begun.append(name)
        open.insert(next)
        return next
    }

    func end(_ token: Int) {
        open.remove(token)
        endedAt.append(log?.mark ?? 0)
    }
}
