/// Why the watch could not carry out what the person tapped, said on the wrist in the watch's own
/// language: the rule of the watch's own runtime that refused it.
public enum WatchProblem: String, Hashable, Sendable, CaseIterable {
    /// No session runs on the phone (it ended, or none was started).
    case noSession
    /// The preset tapped is no longer one of the person's.
    case unknownPreset
    /// The watch's clock put the log outside the session.
    case outsideSession
    /// Anything else that kept it from being logged.
    case other

    /// What the refused action was, from the refusal.
    public init(_ error: any Error) {
        switch error {
        case SessionServiceError.noActiveSession, SessionServiceError.unknownSession: self = .noSession
        case SessionServiceError.unknownPreset: self = .unknownPreset
        case SessionServiceError.logOutsideSession: self = .outsideSession
        default: self = .other
        }
    }

    /// The calm sentence the watch shows.
    public var message: String {
        switch self {
        case .noSession: KitText.string(KitStrings.watchNoSession)
        case .unknownPreset: KitText.string(KitStrings.watchUnknownPreset)
        case .outsideSession: KitText.string(KitStrings.watchOutsideSession)
        case .other: KitText.string(KitStrings.watchRefused)
        }
    }
}
