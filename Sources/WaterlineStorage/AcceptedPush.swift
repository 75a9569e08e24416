import WaterlineCore
import WaterlineAPI

/// What a device made of a paired device's push: one outcome per change, in the order sent, and
/// how many of them it wrote (none: nothing here changed, so no surface needs to show it again).
public struct AcceptedPush: Sendable {
    public var outcomes: [ChangeOutcome] = []
    public var written = 0

    public init(outcomes: [ChangeOutcome] = [], written: Int = 0) {
        self.outcomes = outcomes
        self.written = written
    }
}
