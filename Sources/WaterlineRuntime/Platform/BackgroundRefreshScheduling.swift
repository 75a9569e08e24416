import Foundation

/// Asks the system to start the app in the background at a date (the watch:
/// `WKApplication.scheduleBackgroundRefresh(withPreferredDate:userInfo:scheduledCompletion:)`),
/// where it brings its surfaces up to date (`RuntimeInput.backgroundRefresh`). The system wakes
/// the app shortly after the date, or later when the app has spent its budget
/// (https://developer.apple.com/documentation/watchkit/wkextension/schedulebackgroundrefresh(withpreferreddate:userinfo:scheduledcompletion:)).
@MainActor
public protocol BackgroundRefreshScheduling: AnyObject {
    /// The next refresh the app needs; it replaces the one asked for before.
    func schedule(at date: Date)
}

/// For processes the system does not refresh on a schedule of the app's (the phone's app
/// refreshes by `BGTaskScheduler` on its own, extensions, the command line).
@MainActor
public final class NoBackgroundRefresh: BackgroundRefreshScheduling {
    public init() {}
    public func schedule(at date: Date) {}
}
