import Foundation

/// The question asked about a session left running, with its two answers.
public struct AbandonedSessionPrompt: Codable, Hashable, Sendable {
    public var sessionId: UUID
    public var hoursRunning: Int

    public init(sessionId: UUID, hoursRunning: Int) {
        self.sessionId = sessionId
        self.hoursRunning = hoursRunning
    }

    public var message: String {
        "Your session has been running for \(hoursRunning) \(hoursRunning == 1 ? "hour" : "hours"). End it?"
    }

    public static let endNowTitle = "End Now"
    public static let keepGoingTitle = "Keep Going"
}
