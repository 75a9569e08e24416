/// Which device buzzes for a time reminder: exactly one of the phone and the watch.
///
/// Both plan the same reminders from the same records. While the phone is connected and posts
/// notifications, the system mirrors each to the wrist when the phone is locked, so the watch
/// posting its own would buzz twice; when the phone is away, or its notifications are off, the
/// watch posts them itself. A per-drink nudge is posted by the device the drink was logged on.
public enum ReminderOwner: Hashable, Sendable {
    case phone
    case watch

    /// The owner as the watch sees the link: whether the phone is in reach now, and the phone's
    /// last word about its notifications (nil before any: the watch posts, so none is missed).
    public static func decide(phoneReachable: Bool, phoneNotice: PhoneNotice?) -> ReminderOwner {
        phoneReachable && phoneNotice?.phonePostsReminders == true ? .phone : .watch
    }
}
