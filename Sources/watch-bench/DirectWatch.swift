import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage
import WaterlineSync
import WaterlineRuntime

/// The phone's end of the link in one process: its deliveries wait for the watch, counted as they
/// travel, and are handed to the watch's runtime by `handOver()`.
@MainActor
final class DirectWatch: WatchTransport {
    var watch: AppRuntime?
    let link: DirectLink
    private var pages: [Data] = []
    private var latest: Data?
    var isAvailable: Bool { watch != nil }
    var complicationTransfersLeft: Int { 0 }

    init(link: DirectLink) {
        self.link = link
    }

    func activate() {}

    func transfer(_ delivery: PhoneDelivery) {
        guard let data = try? WatchMessage.delivery(delivery).encoded() else { return }
        link.countToWatch(bytes: data.count)
        pages.append(data)
    }

    func updateLatest(_ delivery: PhoneDelivery) {
        guard let data = try? WatchMessage.delivery(delivery).encoded() else { return }
        link.countToWatch(bytes: data.count)
        latest = data
    }

    func transferForComplication(_ delivery: PhoneDelivery) {}

    func handOver() async {
        guard let watch, link.isReachable else { return }
        if let latest { await watch.handle(.phoneMessage(latest)) }
        latest = nil
        let waiting = pages
        pages = []
        for page in waiting { await watch.handle(.phoneMessage(page)) }
    }
}
