import Foundation

/// The nudge a device owes for drinks logged on another device that reached it by sync, when it
/// is the device that buzzes (the watch, while its phone is away or posts no notifications): the
/// newest such drink's per-drink reminder or pacing warning, as if it had been logged here, if it
/// is recent. A drink logged long ago and only now brought over buzzes nobody.
public enum ArrivedLogNudge {
    /// How old a drink may be and still buzz when it arrives.
    public static let freshness: TimeInterval = 5 * 60

    /// - Parameters:
    ///   - night: the running night as it stands now, the arrived logs in it;
    ///   - arrived: the ids of the logs this device had not seen in this night before the sync.
    public static func nudge(night: SessionSnapshot, arrived: Set<UUID>, settings: UserSettings, now: Date) -> ReminderRequest? {
        guard let log = night.logs.last(where: { arrived.contains($0.id) && $0.type == .alcohol }),
              now.timeIntervalSince(log.timestamp) <= freshness
        else { return nil }
        // The night without that drink, against the night as it is now: a water logged after it
        // (here or there) has answered it already.
        let before = WaterlineEngine(settings: settings).computeState(from: night.logs.filter { $0.id != log.id })
        return PacingRules(settings: settings).nudge(after: log, from: before, to: night.state).map {
            ReminderPlanner.immediate($0, after: log, state: night.state, settings: settings, now: now)
        }
    }
}
