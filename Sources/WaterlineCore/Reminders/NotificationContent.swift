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
    /// Sound and haptic, haptic only, or silent, as the person chose.
    public var style: ReminderStyle

    public init(
        title: String, body: String, detailTitle: String, detailBody: String, categoryIdentifier: String, threadIdentifier: String,
        style: ReminderStyle = .soundAndHaptic
    ) {
        self.title = title
        self.body = body
        self.detailTitle = detailTitle
        self.detailBody = detailBody
        self.categoryIdentifier = categoryIdentifier
        self.threadIdentifier = threadIdentifier
        self.style = style
    }

    private enum CodingKeys: String, CodingKey {
        case title, body, detailTitle, detailBody, categoryIdentifier, threadIdentifier, style
    }

    /// Content saved before reminder styles existed sounds as the default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        body = try container.decode(String.self, forKey: .body)
        detailTitle = try container.decode(String.self, forKey: .detailTitle)
        detailBody = try container.decode(String.self, forKey: .detailBody)
        categoryIdentifier = try container.decode(String.self, forKey: .categoryIdentifier)
        threadIdentifier = try container.decode(String.self, forKey: .threadIdentifier)
        style = try container.decodeIfPresent(ReminderStyle.self, forKey: .style) ?? .soundAndHaptic
    }
}
