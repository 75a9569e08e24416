import Foundation

/// A watch request the phone refused, and why; nothing was written for it.
public struct WatchRefusal: Codable, Hashable, Sendable {
    public var requestId: UUID
    public var problem: WatchProblem

    public init(requestId: UUID, problem: WatchProblem) {
        self.requestId = requestId
        self.problem = problem
    }
}
