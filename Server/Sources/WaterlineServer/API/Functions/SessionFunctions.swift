import Foundation
import WaterlineAPI
import WaterlineCore

extension FunctionHandler {
    /// `sessions:*`.
    static func sessionFunctions(_ context: ServerContext) -> [FunctionHandler] {
        let writer = ChangeWriter(context)
        return [
            .make(Sessions.Upsert.self, arguments: ["id", "startTime", "endTime", "isActive", "computedSummary", "updatedAt", "deletedAt", "plannedDrinks"]) { record, caller in
                try await writer.session(record, for: try caller.required())
            },
            .make(Sessions.GetActive.self, arguments: []) { _, caller in
                try await context.repository.activeSession(for: try caller.required())
            },
            .make(Sessions.List.self, arguments: ["updatedSince"]) { args, caller in
                try await context.repository.sessions(for: try caller.required(), updatedSince: args.updatedSince)
            },
        ]
    }
}

/// `updatedAt` and `deletedAt` must be real times.
func checkStamps(updatedAt: Date, deletedAt: Date?) throws(FunctionError) {
    do throws(ValidationError) {
        try Limits.timestamp.check(updatedAt.timeIntervalSince1970, field: "updatedAt")
        if let deletedAt { try Limits.timestamp.check(deletedAt.timeIntervalSince1970, field: "deletedAt") }
    } catch {
        throw .invalid(error)
    }
}
