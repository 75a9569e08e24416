import Foundation

/// How a widget stays current without spending WidgetKit's daily reload budget: its timeline
/// moves on at each planned reminder by itself, and the app reloads it only when what it shows
/// changed.
extension WidgetSnapshot {
    /// The entries a widget shows from this snapshot: one at `now`, then one as each planned
    /// reminder falls due, each naming the reminder after it. When the last has passed, WidgetKit
    /// asks for a new timeline.
    /// A running session that goes quiet (`QuietSession`) turns to "No Session" at that time, with
    /// the session as its last one; nothing planned after it is shown.
    public func timeline(from now: Date) -> [(date: Date, snapshot: WidgetSnapshot)] {
        if let quiet, quiet.hasCome(at: now) { return [(now, quieted(quiet, at: now))] }
        let cutoff = quiet?.date ?? .distantFuture
        let dates = plannedDates.filter { $0 > now && $0 <= cutoff }
        var entries = [(date: now, snapshot: movedOn(past: now))]
        for date in dates { entries.append((date, movedOn(past: date))) }
        if let quiet { entries.append((quiet.date, quieted(quiet, at: quiet.date))) }
        return entries
    }

    /// `timeline(from:)`'s entries, each with its relevance until the next.
    public func relevantTimeline(from now: Date) -> [(date: Date, snapshot: WidgetSnapshot, relevance: WidgetRelevance)] {
        let entries = timeline(from: now)
        return entries.enumerated().map { index, entry in
            let next = index + 1 < entries.count ? entries[index + 1].date : nil
            return (entry.date, entry.snapshot, WidgetRelevance(entry.snapshot, from: entry.date, until: next))
        }
    }

    /// What this snapshot's session shows once it has gone quiet.
    func quieted(_ quiet: QuietSession, at moment: Date) -> WidgetSnapshot {
        var settings = UserSettings()
        settings.warningThreshold = warningThreshold
        settings.discreetNotifications = discreet
        settings.hideLockScreenCounts = hidesCounts ?? false
        return WidgetSnapshot.noSession(lastSessionSummary: quiet.summary, settings: settings, generatedAt: moment)
    }

    /// The same snapshot once `moment` has come: the reminders due by then are behind it.
    func movedOn(past moment: Date) -> WidgetSnapshot {
        var later = self
        let ahead = plannedDates.filter { $0 > moment }
        later.nextReminderDate = ahead.first
        if reminderDates != nil { later.reminderDates = ahead }
        return later
    }

    /// Whether a widget given `shown` (and its timeline) shows at `now` what this snapshot says,
    /// so reloading it would change nothing: the same session, counts, words and settings, and the
    /// reminders it still has ahead are the first of this snapshot's (the planner adds later ones
    /// as time passes; those come with the next timeline).
    public func showsTheSame(as shown: WidgetSnapshot, at now: Date) -> Bool {
        let ahead = shown.movedOn(past: now)
        let planned = movedOn(past: now)
        var same = planned
        same.generatedAt = ahead.generatedAt
        same.nextReminderDate = ahead.nextReminderDate
        same.reminderDates = ahead.reminderDates
        guard same == ahead else { return false }
        return ahead.plannedDates.isEmpty ? planned.plannedDates.isEmpty : planned.plannedDates.starts(with: ahead.plannedDates)
    }

    /// The planned reminders' dates (just the next one from a snapshot written before all were kept).
    private var plannedDates: [Date] {
        reminderDates ?? nextReminderDate.map { [$0] } ?? []
    }
}
