import Foundation
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// The watch link: what the watch would read as context, what reached it at once, what was queued.
@MainActor
final class RecordingWatch: WatchTransport {
    private(set) var activations = 0
    var isAvailable: Bool
    var isReachable: Bool
    private(set) var context: WatchMessage?
    private(set) var sent: [WatchMessage] = []
    private(set) var queued: [WatchMessage] = []
    /// How many snapshots went as the application context.
    private(set) var contextUpdates = 0
    var log = PlatformLog()

    init(isAvailable: Bool = true, isReachable: Bool = false) {
        self.isAvailable = isAvailable
        self.isReachable = isReachable
    }

    /// The snapshot the watch would show now.
    var snapshot: WatchSnapshot? {
        if case .snapshot(let snapshot)? = context { return snapshot }
        return nil
    }

    /// Reminders that reached the watch, at once or queued.
    var reminders: [ReminderRequest] {
        (sent + queued).compactMap { if case .reminder(let reminder) = $0 { reminder } else { nil } }
    }

    func activate() { activations += 1 }
    func updateContext(_ message: WatchMessage) {
        log.record(.watch, "context")
        contextUpdates += 1
        context = message
    }

    func sendNow(_ message: WatchMessage) async -> Bool {
        guard isReachable else { return false }
        log.record(.nudge, "watch \(message.kind)")
        sent.append(message)
        return true
    }

    func enqueue(_ message: WatchMessage) {
        log.record(.nudge, "watch queued \(message.kind)")
        queued.append(message)
    }
}
