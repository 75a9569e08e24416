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
        case .noActiveSession: "There is no active session. Start one first."
        case .unknownSession(let id): "No session with id \(id.uuidString.lowercased())."
        case .unknownLog(let id): "No log entry with id \(id.uuidString.lowercased())."
        case .unknownPreset(let id): "No preset with id \(id.uuidString.lowercased())."
        case .logOutsideSession: "A log entry's time must fall between the session's start and its end (or now)."
        case .sessionRunning: "This session is still running. End it first, then it can be deleted."
        case .invalid(let error): "Invalid value: \(error)."
        }
    }
}
