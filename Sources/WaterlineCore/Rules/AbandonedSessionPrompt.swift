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
        KitText.string(KitStrings.abandonedMessage, .int(hoursRunning))
    }

    public static var endNowTitle: String { KitText.string(KitStrings.endNow) }
    public static var keepGoingTitle: String { KitText.string(KitStrings.keepGoing) }
}
