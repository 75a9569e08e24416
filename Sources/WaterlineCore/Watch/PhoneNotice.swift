/// The phone's word to its watch that its records changed, with what the watch needs to decide
/// which device buzzes for a reminder.
public struct PhoneNotice: Codable, Hashable, Sendable {
    /// The phone posts reminders as notifications (its notifications are allowed), which the
    /// system mirrors to the wrist while the two are connected.
    public var phonePostsReminders: Bool

    public init(phonePostsReminders: Bool) {
        self.phonePostsReminders = phonePostsReminders
    }
}
