import Foundation

/// The phone's answer to a `LinkRequest`.
public enum LinkAnswer: Codable, Hashable, Sendable {
    /// The phone's person, and the one whose records it erased on purpose before it (`User.erasedBefore`).
    case person(id: UUID, erasedBefore: UUID?)
    case pushed(PushResults)
    case page(PullPage)
    /// Refused as a backend would refuse it, with its code (`ErrorCode`).
    case refused(code: String, message: String)

    /// The answer's refusal as the error a backend's would be.
    public var refusal: ConvexError? {
        guard case .refused(let code, let message) = self else { return nil }
        return .function(message: message, code: code)
    }
}
