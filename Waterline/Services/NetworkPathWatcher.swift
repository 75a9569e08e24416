import Foundation
import Network
import WaterlineKit

/// Tells the sync scheduler when the network comes and goes (`NWPathMonitor`), so what was
/// logged offline is pushed as soon as the phone is back online.
final class NetworkPathWatcher {
    private let monitor = NWPathMonitor()

    init(scheduler: SyncScheduler) {
        // The handler runs on the monitor's queue; only a Bool crosses to the scheduler.
        monitor.pathUpdateHandler = { path in
            let online = path.status == .satisfied
            Task { await scheduler.networkChanged(isOnline: online) }
        }
        monitor.start(queue: DispatchQueue(label: "com.waterline.network-path"))
    }
}
