import Foundation

/// A time offered at a tap for "I had it a little while ago": now, or a quarter or half an hour
/// back, so the common case needs no date picker. Only the choices that land inside the session
/// are offered.
public enum LogTimeChoice: Hashable, Sendable {
    case now
    case minutesAgo(Int)

    /// The choices a picker shows at `now` for a session's `window`: now, then 15 and 30 minutes
    /// back while that is still inside the session.
    public static func offered(in window: LogTimeWindow, now: Date) -> [LogTimeChoice] {
        [.now] + [15, 30].map(LogTimeChoice.minutesAgo).filter { choice in
            choice.time(now: now).map(window.contains) ?? false
        }
    }

    /// The time to log at: nil for now (the log takes the time it is made).
    public func time(now: Date) -> Date? {
        switch self {
        case .now: nil
        case .minutesAgo(let minutes): now.addingTimeInterval(-Double(minutes) * 60)
        }
    }

    /// "Now", "15 min ago".
    public var title: String {
        switch self {
        case .now: KitText.string(KitStrings.timeNow)
        case .minutesAgo(let minutes): KitText.string(KitStrings.timeMinutesAgo, .int(minutes))
        }
    }
}
