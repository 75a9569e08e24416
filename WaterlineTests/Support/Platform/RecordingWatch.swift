import Foundation
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// The phone's watch link: the notices the watch was sent, each telling it to pull, kept as
/// WatchConnectivity keeps an application context: only the latest waits, and one equal to the
/// last delivered is not delivered again (`takeUndeliveredContext()`).
@MainActor
final class RecordingWatch: WatchTransport {
    private(set) var activations = 0
    var isAvailable: Bool
    private(set) var notices: [PhoneNotice] = []
    /// Contexts the system would not deliver, being equal to the last one delivered.
    private(set) var contextsNotDelivered = 0
    private var lastDelivered: PhoneNotice?
    var log = PlatformLog()

    init(isAvailable: Bool = true) {
        self.isAvailable = isAvailable
    }

    func activate() { activations += 1 }

    func phoneChanged(_ notice: PhoneNotice) {
        log.record(.watch, "told")
        notices.append(notice)
    }

    /// The latest context, if the system would deliver it now: it differs from the last one
    /// delivered. Taking it marks it delivered.
    func takeUndeliveredContext() -> PhoneNotice? {
        guard let latest = notices.last else { return nil }
        guard latest != lastDelivered else {
            contextsNotDelivered += 1
            return nil
        }
        lastDelivered = latest
        return latest
    }
}
