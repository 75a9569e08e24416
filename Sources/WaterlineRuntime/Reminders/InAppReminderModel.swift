import Foundation
import Observation
import WaterlineCore

/// The reminder banner shown inside the app while it is open: when notifications are denied or
/// not yet allowed (from the same plan the notifications would follow), and in place of a system
/// banner while the app is in front.
@Observable
@MainActor
public final class InAppReminderModel {
    /// How long a banner stays before it hides by itself.
    public static let displayDuration: TimeInterval = 8

    public private(set) var banner: NotificationContent?
    /// Changes with every banner shown, so the view can restart its timer for a repeat.
    public private(set) var bannerNumber = 0

    public init() {}

    /// The runtime's alone: the plan shows a banner (`Consequence.showBanner`) and takes it away;
    /// a screen sends `.bannerDismissed` or `.bannerLogWater`.
    func show(_ content: NotificationContent) {
        banner = content
        bannerNumber += 1
    }

    func dismiss() {
        banner = nil
    }
}
