import WaterlineCore

/// What the watch knows of its phone: whether it is in reach, and its last notice. It decides
/// which device buzzes for time reminders (`ReminderOwner`).
@MainActor
public final class PhoneLinkState {
    public var isReachable: Bool
    /// The phone's last notice (the application context keeps it across the watch app's launches).
    public var lastNotice: PhoneNotice?

    public init(isReachable: Bool = false, lastNotice: PhoneNotice? = nil) {
        self.isReachable = isReachable
        self.lastNotice = lastNotice
    }

    public var reminderOwner: ReminderOwner {
        ReminderOwner.decide(phoneReachable: isReachable, phoneNotice: lastNotice)
    }
}
