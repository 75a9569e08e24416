import WaterlineAPI
import WaterlineCore

extension FunctionHandler {
    /// `sync:*`: batches for a device catching up.
    static func syncFunctions(_ context: ServerContext) -> [FunctionHandler] {
        let writer = ChangeWriter(context)
        return [
            // Logs' JSON is made once, for the database and the answer alike.
            .makeJSON(Sync.Push.self, arguments: ["changes"]) { batch, caller in
                guard (1...Limits.pushBatch).contains(batch.changes.count) else {
                    throw FunctionError(.invalidArgument, "changes: 1 to \(Limits.pushBatch) per call, got \(batch.changes.count)")
                }
                return try await writer.applyJSON(batch.changes, for: try caller.required())
            },
            // Each record's JSON as the database keeps it, not decoded and encoded again.
            .makeJSON(Sync.Pull.self, arguments: ["cursor", "limit"]) { request, caller in
                let limit = request.limit ?? Limits.pullPage
                guard (1...Limits.pullPage).contains(limit) else {
                    throw FunctionError(.invalidArgument, "limit: 1 to \(Limits.pullPage), got \(limit)")
                }
                let cursor = request.cursor ?? 0
                guard cursor >= 0 else { throw FunctionError(.invalidArgument, "cursor: 0 or more, got \(cursor)") }
                return try await context.repository.changesJSON(after: cursor, limit: limit, for: try caller.required())
            },
        ]
    }
}
