import Foundation

/// Where a page of past sessions ends: the last session shown. The next page starts after it
/// (an earlier start, or the same start and a smaller id), so pages never overlap or skip.
public struct HistoryCursor: Hashable, Sendable {
    public var startTime: Date
    public var id: UUID

    public init(startTime: Date, id: UUID) {
        self.startTime = startTime
        self.id = id
    }

    public init(after session: Session) {
        self.init(startTime: session.startTime, id: session.id)
    }

    /// Whether `session` comes after this cursor in history order (newest start first, then id).
    public func precedes(_ session: Session) -> Bool {
        session.startTime < startTime || (session.startTime == startTime && session.id.uuidString < id.uuidString)
    }
}
