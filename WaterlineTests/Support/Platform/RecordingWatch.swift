import Foundation
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// The phone's watch link: the notices the watch was sent, each telling it to pull.
@MainActor
final class RecordingWatch: WatchTransport {
    private(set) var activations = 0
    var isAvailable: Bool
    private(set) var notices: [PhoneNotice] = []
    var log = PlatformLog()

    init(isAvailable: Bool = true) {
        self.isAvailable = isAvailable
    }

    func activate() { activations += 1 }

    func phoneChanged(_ notice: PhoneNotice) {
        log.record(.watch, "told")
        notices.append(notice)
    }
}
