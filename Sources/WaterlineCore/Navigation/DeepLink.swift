import Foundation

/// A screen a widget, the complication or a notification opens: `waterline://session` (the
/// running session), `waterline://sessions/<id>` (a past session's summary), `waterline://home`.
public enum DeepLink: Hashable, Sendable {
    case home
    case activeSession
    case pastSession(UUID)

    /// The app's one URL scheme (registered in its Info.plist).
    public static let scheme = "waterline"

    public var url: URL {
        switch self {
        case .home: URL(string: "\(Self.scheme)://home")!
        case .activeSession: URL(string: "\(Self.scheme)://session")!
        case .pastSession(let id): URL(string: "\(Self.scheme)://sessions/\(id.uuidString.lowercased())")!
        }
    }

    /// The link in `url`, or nil when it is not one of Waterline's.
    public init?(url: URL) {
        guard url.scheme?.lowercased() == Self.scheme, let host = url.host?.lowercased() else { return nil }
        let parts = url.path.split(separator: "/").map(String.init)
        switch (host, parts.count) {
        case ("home", 0): self = .home
        case ("session", 0): self = .activeSession
        case ("sessions", 1):
            guard let id = UUID(uuidString: parts[0]) else { return nil }
            self = .pastSession(id)
        default: return nil
        }
    }

    /// Where a widget showing `snapshot` opens: the running session, or home.
    public static func forWidget(_ snapshot: WidgetSnapshot) -> DeepLink {
        snapshot.isActive ? .activeSession : .home
    }
}
