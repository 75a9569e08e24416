import Foundation

/// "No reminders after" a time of night: from that moment of the session the reminders stop (time
/// reminders and the nudges after a drink; a snooze the person asked for still comes). The session's
/// moment is the first time of day at that hour and minute after twelve hours before the session
/// began: a session from 21:00 with "after 01:00" stops at 01:00 the next day, and one begun at 02:00
/// has passed its 01:00 already, so it has no reminders at all.
public enum RemindersEnd {
    /// When the reminders of `session` stop, in `calendar`'s time zone; nil when the person has
    /// not asked for an end.
    public static func date(for session: Session, settings: UserSettings, calendar: Calendar) -> Date? {
        guard settings.remindersEndEnabled else { return nil }
        let from = session.startTime.addingTimeInterval(-12 * 3600)
        let components = DateComponents(hour: settings.remindersEndMinute / 60, minute: settings.remindersEndMinute % 60)
        return calendar.nextDate(after: from, matching: components, matchingPolicy: .nextTime, direction: .forward)
    }

    /// Whether a reminder of `session` may come at `time`.
    public static func allows(_ time: Date, session: Session, settings: UserSettings, calendar: Calendar) -> Bool {
        guard let end = date(for: session, settings: settings, calendar: calendar) else { return true }
        return time < end
    }

    /// "01:00", for the command line (the app shows its own time picker).
    public static func text(minute: Int) -> String {
        String(format: "%02d:%02d", minute / 60, minute % 60)
    }

    /// The minute of the day "HH:MM" names (00:00 to 23:59); nil for anything else.
    public static func minute(parsing text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return hour * 60 + minute
    }
}
