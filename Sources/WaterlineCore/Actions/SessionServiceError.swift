import Foundation

/// Why an action was refused. Nothing is written when one of these is thrown.
public enum SessionServiceError: Error, Hashable, Sendable, CustomStringConvertible {
    case noActiveSession
    case unknownSession(UUID)
    case unknownLog(UUID)
    case unknownPreset(UUID)
    case logOutsideSession
    /// A running session cannot be deleted from history; end it first.
    case sessionRunning
    case invalid(ValidationError)

    public var description: String {
        switch self {
        case .noActiveSession: KitText.string(KitStrings.errorNoActiveSession)
        case .unknownSession(let id): KitText.string(KitStrings.errorUnknownSession, .text(id.uuidString.lowercased()))
        case .unknownLog(let id): KitText.string(KitStrings.errorUnknownLog, .text(id.uuidString.lowercased()))
        case .unknownPreset(let id): KitText.string(KitStrings.errorUnknownPreset, .text(id.uuidString.lowercased()))
        case .logOutsideSession: KitText.string(KitStrings.errorLogOutsideSession)
        case .sessionRunning: KitText.string(KitStrings.errorSessionRunning)
        case .invalid(let error): KitText.string(KitStrings.errorInvalid, .text(error.description))
        }
    }
}
