import Foundation
@testable import WaterlineKit
import WaterlineTestSupport

/// Records the effects the screens hand to the platform.
final class RecordingEffects: SessionEffectHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [SessionEffect] = []

    var all: [SessionEffect] { lock.withLock { recorded } }

    func perform(_ effects: [SessionEffect]) async {
        lock.withLock { recorded += effects }
    }
}
