import Foundation
import WaterlineCore

/// `sessions:*`: the caller's nights out.
public enum Sessions {
    /// Inserts or replaces (last write wins) a session; returns what is stored.
    public struct Upsert: ConvexFunction {
        public typealias Args = SessionRecord
        public typealias Value = SessionRecord
        public static let name = "sessions:upsert"
        public static let kind = FunctionKind.mutation
    }

    /// The caller's active session, or null.
    public struct GetActive: ConvexFunction {
        public typealias Args = NoArgs
        public typealias Value = SessionRecord?
        public static let name = "sessions:getActive"
        public static let kind = FunctionKind.query
    }

    /// Sessions changed after `updatedSince` (all when nil), tombstones included, newest start first.
    public struct List: ConvexFunction {
        public struct Args: Codable, Hashable, Sendable {
            public var updatedSince: Date?

            public init(updatedSince: Date? = nil) {
                self.updatedSince = updatedSince
            }
        }
        public typealias Value = [SessionRecord]
        public static let name = "sessions:list"
        public static let kind = FunctionKind.query
    }
}
