/// What a notification shows: the visible preview, and the full detail for the expanded view.
public struct NotificationContent: Codable, Hashable, Sendable {
    /// Shown on the Lock Screen; in discreet mode it never names alcohol or counts.
    public var title: String
    public var body: String
    /// Shown only when the notification is expanded, or in the app.
    public var detailTitle: String
    public var detailBody: String
    public var categoryIdentifier: String
    /// Groups a session's reminders together in Notification Center.
    public var threadIdentifier: String

    public init(title: String, body: String, detailTitle: String, detailBody: String, categoryIdentifier: String, threadIdentifier: String) {
        self.title = title
        self.body = body
        self.detailTitle = detailTitle
        self.detailBody = detailBody
        self.categoryIdentifier = categoryIdentifier
        self.threadIdentifier = threadIdentifier
    }
}
