import Foundation

/// When a log of a session may be placed: from the session's start to its end, or to now while it
/// runs. A night out often crosses midnight, so a time picked by hour and minute alone is placed
/// on the day that puts it inside the session (23:50 → 00:10 is ten past midnight the next day, not
/// the morning before).
public struct LogTimeWindow: Hashable, Sendable {
    public var start: Date
    public var end: Date

    /// The window of `session` seen at `now`; `now` before the start leaves only the start.
    public init(session: Session, now: Date) {
        start = session.startTime
        end = max(session.startTime, session.endTime ?? now)
    }

    public var range: ClosedRange<Date> { start...end }

    public func contains(_ time: Date) -> Bool { range.contains(time) }

    /// Whether the session spans more than one calendar day in `calendar`, so a picker should offer
    /// the date as well as the time.
    public func spansDays(in calendar: Calendar) -> Bool {
        !calendar.isDate(start, inSameDayAs: end)
    }

    /// Where a picked time lands. A time inside the window stays as picked. One outside it keeps
    /// its hour and minute and moves to the day (within the session's days) that puts it inside,
    /// nearest the picked day; when no day does, it is returned as picked, for the service to
    /// refuse with the window in words.
    public func placing(_ picked: Date, in calendar: Calendar) -> Date {
        if contains(picked) { return picked }
        let time = calendar.dateComponents([.hour, .minute, .second], from: picked)
        let firstDay = calendar.startOfDay(for: start)
        let lastDay = calendar.startOfDay(for: end)
        var candidates: [Date] = []
        var day = firstDay
        // A session is at most a few days long; the bound keeps a strange window from looping on.
        for _ in 0..<8 where day <= lastDay {
            if let placed = calendar.date(
                bySettingHour: time.hour ?? 0, minute: time.minute ?? 0, second: time.second ?? 0, of: day
            ), contains(placed) {
                candidates.append(placed)
            }
            guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
            day = next
        }
        return candidates.min { abs($0.timeIntervalSince(picked)) < abs($1.timeIntervalSince(picked)) } ?? picked
    }
}
