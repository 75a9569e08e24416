import WaterlineAPI
import WaterlineCore

extension FunctionHandler {
    /// `logEntries:*`.
    static func logEntryFunctions(_ context: ServerContext) -> [FunctionHandler] {
        let writer = ChangeWriter(context)
        return [
            // The entry's JSON is made once, for the database and the answer alike.
            .makeJSON(LogEntries.Upsert.self, arguments: [
                "id", "sessionId", "timestamp", "type", "alcoholMeta", "waterMeta", "source", "updatedAt", "deletedAt",
            ]) { log, caller in
                try await writer.logJSON(log, for: try caller.required())
            },
            .make(LogEntries.Delete.self, arguments: ["id", "deletedAt"]) { tombstone, caller in
                try await writer.deleteLog(tombstone, for: try caller.required())
            },
            .make(LogEntries.ListForSession.self, arguments: ["sessionId"]) { args, caller in
                try await context.repository.logs(sessionId: args.sessionId, for: try caller.required())
            },
        ]
    }
}
