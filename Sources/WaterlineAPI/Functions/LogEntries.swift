import Foundation
import WaterlineCore

/// `logEntries:*`: the drinks and waters of the caller's sessions.
public enum LogEntries {
    /// Inserts or replaces (last write wins) a log entry of one of the caller's sessions.
    public struct Upsert: ConvexFunction {
        public typealias Args = LogEntry
        public typealias Value = LogEntry
        public static let name = "logEntries:upsert"
        public static let kind = FunctionKind.mutation
    }

    /// Turns a log entry into a tombstone.
    public struct Delete: ConvexFunction {
        public typealias Args = Tombstone
        public typealias Value = LogEntry
        public static let name = "logEntries:delete"
        public static let kind = FunctionKind.mutation
    }

    /// A session's entries in replay order, tombstones included.
    public struct ListForSession: ConvexFunction {
        public struct Args: Codable, Hashable, Sendable {
            public var sessionId: UUID

            public init(sessionId: UUID) {
                self.sessionId = sessionId
            }
        }
        public typealias Value = [LogEntry]
        public static let name = "logEntries:listForSession"
        public static let kind = FunctionKind.query
    }
}
