#if canImport(SwiftData)
import Foundation
import SwiftData
import WaterlineCore
import WaterlineAPI
import WaterlineStorage

extension WaterlineSchemaV2 {
    /// A night out; its logs belong to it and go with it.
    @Model
    public final class SessionRow {
        @Attribute(.unique) public var id: UUID
        public var userId: UUID = UUID()
        public var startTime: Date = Date.distantPast
        public var endTime: Date?
        public var isActive: Bool = false
        public var summaryJSON: Data?
        public var updatedAt: Date = Date.distantPast
        public var deletedAt: Date?
        /// New in V2: the plan the person made for the session (V1 lost it on save).
        public var plannedDrinks: Int?
        public var user: UserRow?
        @Relationship(deleteRule: .cascade, inverse: \LogEntryRow.session) public var logs: [LogEntryRow] = []

        /// Every column but the id starts from its default and is written by `update(from:)`, so the
        /// two never list the columns twice.
        public init(_ value: Session) {
            id = value.id
            update(from: value)
        }

        public func update(from value: Session) {
            userId = value.userId
            startTime = value.startTime
            endTime = value.endTime
            isActive = value.isActive
            summaryJSON = value.computedSummary.flatMap { try? WaterlineCoding.encoder(pretty: false).encode($0) }
            updatedAt = value.updatedAt
            deletedAt = value.deletedAt
            plannedDrinks = value.plannedDrinks
        }

        public var value: Session {
            Session(
                id: id, userId: userId, startTime: startTime, endTime: endTime, isActive: isActive,
                computedSummary: summaryJSON.flatMap { try? WaterlineCoding.decoder().decode(SessionSummary.self, from: $0) },
                updatedAt: updatedAt, deletedAt: deletedAt, plannedDrinks: plannedDrinks
            )
        }
    }
}
#endif
