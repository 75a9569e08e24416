/// Why the phone could not carry out a watch's request, said on the wrist in the watch's own
/// language. A code a later phone adds reads as `.refused` here.
public enum WatchProblem: String, Hashable, Sendable, CaseIterable {
    /// No night runs on the phone (it ended, or none was started).
    case noSession
    /// The preset tapped is no longer one of the person's.
    case unknownPreset
    /// The watch's clock put the log outside the night.
    case outsideSession
    /// A start that reached the phone long after it was tapped (queued while out of reach).
    case tooLate
    /// Anything else the phone refused.
    case refused

    /// What the refused request was, from the phone's refusal.
    public init(_ error: any Error) {
        switch error {
        case SessionServiceError.noActiveSession, SessionServiceError.unknownSession: self = .noSession
        case SessionServiceError.unknownPreset: self = .unknownPreset
        case SessionServiceError.logOutsideSession: self = .outsideSession
        default: self = .refused
        }
    }

    /// The calm sentence the watch shows.
    public var message: String {
        switch self {
        case .noSession: KitText.string(KitStrings.watchNoSession)
        case .unknownPreset: KitText.string(KitStrings.watchUnknownPreset)
        case .outsideSession: KitText.string(KitStrings.watchOutsideSession)
        case .tooLate: KitText.string(KitStrings.watchTooLate)
        case .refused: KitText.string(KitStrings.watchRefused)
        }
    }
}

extension WatchProblem: Codable {
    public init(from decoder: any Decoder) throws {
        self = WatchProblem(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .refused
    }
}
