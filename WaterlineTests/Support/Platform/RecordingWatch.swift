import Foundation
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// The phone's watch link as WatchConnectivity keeps what the phone hands over, until the watch
/// app is given it (`takeWaiting()`):
/// - pages (`transferUserInfo`) wait first in, first out, and each is delivered once
///   (https://developer.apple.com/documentation/watchconnectivity/wcsession/transferuserinfo(_:));
/// - the latest state is the application context: only the newest waits, and one equal to the
///   last delivered is not delivered at all
///   (https://developer.apple.com/documentation/watchconnectivity/wcsession/updateapplicationcontext(_:));
/// - complication transfers spend a budget of 50 a day while the complication is on the active
///   face and have none otherwise; past it, a complication transfer goes as an ordinary transfer
///   (https://developer.apple.com/documentation/watchconnectivity/wcsession/remainingcomplicationuserinfotransfers).
/// Apple does not document the order between the context and the transfers: the watch is handed
/// the context first, and the scenarios hold whichever comes first.
@MainActor
final class RecordingWatch: WatchTransport {
    static let complicationBudget = 50

    private(set) var activations = 0
    var isAvailable: Bool
    /// The Waterline's complication is on the watch's active face.
    var complicationOnFace = false
    private(set) var complicationTransfersSpent = 0
    /// Pages waiting for the watch, oldest first, and every page ever transferred.
    private(set) var pages: [PhoneDelivery] = []
    private(set) var pagesTransferred: [PhoneDelivery] = []
    /// The newest latest state given, and the one last handed to the watch.
    private(set) var latest: PhoneDelivery?
    private var lastDelivered: PhoneDelivery?
    /// Latest states the system did not deliver, being equal to the last one delivered.
    private(set) var contextsNotDelivered = 0
    private(set) var complicationWaiting: [PhoneDelivery] = []
    /// The process's log, when the fake stands in one; alone, it only keeps what it was asked.
    var log: PlatformLog?

    init(isAvailable: Bool = true) {
        self.isAvailable = isAvailable
    }

    var complicationTransfersLeft: Int {
        complicationOnFace ? max(0, Self.complicationBudget - complicationTransfersSpent) : 0
    }

    func activate() { activations += 1 }

    func transfer(_ delivery: PhoneDelivery) {
        log?.record(.watch, "page")
        pages.append(delivery)
        pagesTransferred.append(delivery)
    }

    func updateLatest(_ delivery: PhoneDelivery) {
        log?.record(.watch, "latest")
        latest = delivery
    }

    func transferForComplication(_ delivery: PhoneDelivery) {
        log?.record(.watch, "complication")
        guard complicationTransfersLeft > 0 else {
            pages.append(delivery)
            return
        }
        complicationTransfersSpent += 1
        complicationWaiting.append(delivery)
    }

    /// What the system hands the watch app now, in order, each once: the complication's
    /// transfers, the context (when it differs from the last delivered), the pages. At most
    /// `limit`: what the app was not handed before its background time ran out stays queued, in
    /// order, for its next wake (transfers are kept until delivered).
    func takeWaiting(atMost limit: Int = .max) -> [PhoneDelivery] {
        var handed: [PhoneDelivery] = []
        while handed.count < limit, !complicationWaiting.isEmpty { handed.append(complicationWaiting.removeFirst()) }
        if handed.count < limit, let latest {
            if latest == lastDelivered {
                contextsNotDelivered += 1
            } else {
                handed.append(latest)
                lastDelivered = latest
            }
        }
        while handed.count < limit, !pages.isEmpty { handed.append(pages.removeFirst()) }
        return handed
    }
}
