@testable import WaterlineKit
import WaterlineTestSupport

/// Background-task assertions: which were begun and whether each was ended.
@MainActor
final class RecordingBackground: BackgroundTaskHolder {
    private var next = 0
    private(set) var begun: [String] = []
    private(set) var open: Set<Int> = []

    func begin(_ name: String) -> Int {
        next += 1
        begun.append(name)
        open.insert(next)
        return next
    }

    func end(_ token: Int) { open.remove(token) }
}
