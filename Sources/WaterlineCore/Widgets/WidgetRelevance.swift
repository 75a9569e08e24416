import Foundation

/// How high the Smart Stack puts the Waterline's widget (watchOS 10 and iOS 17 order a stack's
/// widgets by their timeline entries' relevance): at the top while a session runs and water is due
/// or the Waterline is past its threshold, high while a session runs otherwise, and out of the way
/// when no session runs, ended or gone quiet. Each score holds until the timeline's next entry.
public struct WidgetRelevance: Hashable, Sendable {
    /// 0 (not relevant) to 100 (most relevant).
    public var score: Float
    /// How long the score holds, in seconds; 0 when nothing runs.
    public var duration: TimeInterval

    public static let none = WidgetRelevance(score: 0, duration: 0)
    /// A session runs and water is due, or the Waterline is past its threshold.
    public static let waterNeeded: Float = 100
    /// A session runs.
    public static let sessionRunning: Float = 60

    public init(score: Float, duration: TimeInterval) {
        self.score = score
        self.duration = duration
    }

    /// The relevance of `snapshot` shown from `date` until `next` (the timeline's next entry, if
    /// any; else until the session goes quiet).
    public init(_ snapshot: WidgetSnapshot, from date: Date, until next: Date?) {
        guard snapshot.isActive, !(snapshot.quiet?.hasCome(at: date) ?? false) else {
            self = .none
            return
        }
        let ends = [next, snapshot.quiet?.date].compactMap { $0 }.min()
        let needed = snapshot.isWarning || snapshot.drinksUntilWaterDue == 0
        self.init(score: needed ? Self.waterNeeded : Self.sessionRunning, duration: max(0, (ends ?? date).timeIntervalSince(date)))
    }
}
