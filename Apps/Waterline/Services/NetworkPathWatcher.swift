import Foundation
import Network
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// Tells the runtime when the network comes and goes (`NWPathMonitor`), so what was logged
/// offline is pushed as soon as the phone is back online.
final class NetworkPathWatcher {
    private let monitor = NWPathMonitor()

    @MainActor
    init(runtime: AppRuntime) {
        // The handler runs on the monitor's queue, so it is `@Sendable` (formed here, on the main
        // actor, it would otherwise be main-actor isolated and trap there); only a Bool crosses.
        monitor.pathUpdateHandler = { @Sendable path in
            let online = path.status == .satisfied
            Task { @MainActor in await runtime.handle(.networkChanged(isOnline: online)) }
        }
        monitor.start(queue: DispatchQueue(label: "com.waterline.network-path"))
    }
}
