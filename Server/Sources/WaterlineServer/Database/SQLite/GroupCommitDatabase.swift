import Logging
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit
import SQLiteNIO

/// SQLKit's `SQLDatabase` over `SQLiteGroupCommit`: the repository's SQL runs unchanged, with
/// one hand-over to the database thread per statement and writes committed in groups.
struct GroupCommitDatabase: SQLDatabase {
    let queue: SQLiteGroupCommit
    let logger: Logger
    let eventLoop: any EventLoop = MultiThreadedEventLoopGroup.singleton.any()
    var dialect: any SQLDialect { SQLiteDialect() }
    var queryLogLevel: Logger.Level? { nil }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) -> EventLoopFuture<Void> {
        let promise = eventLoop.makePromise(of: Void.self)
        do {
            try submit(query, onRow) { error in
                if let error { promise.fail(error) } else { promise.succeed() }
            }
        } catch {
            promise.fail(error)
        }
        return promise.futureResult
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) async throws {
        let (sql, binds) = try encoded(query)
        let batch = DeferredBatch.current
        try await CallerLoop.wait { done in
            queue.submit(SQLiteGroupCommit.Job(sql: sql, binds: binds, onRow: onRow, done: done, batch: batch))
        }
    }

    /// Runs `statements` in order in one hand-over to the database thread, stopping after the
    /// first that answers fewer rows than it should (`rows`, one when not given); answers the rows
    /// they gave and the error that stopped them, if one did (the statements before it have run).
    func runWhileAnswered(_ statements: [(sql: String, binds: [SQLiteData])]) async -> (rows: [any SQLRow], error: (any Error)?) {
        await runWhileAnswered(statements.map { ($0.sql, $0.binds, 1) })
    }

    func runWhileAnswered(_ statements: [(sql: String, binds: [SQLiteData], rows: Int)]) async -> (rows: [any SQLRow], error: (any Error)?) {
        guard let first = statements.first else { return ([], nil) }
        let collected = RowBox()
        let batch = DeferredBatch.current
        do {
            try await CallerLoop.wait { done in
                queue.submit(SQLiteGroupCommit.Job(
                    sql: first.sql, binds: first.binds, onRow: { row in collected.append(row) },
                    done: done, batch: batch, rows: first.rows, following: Array(statements.dropFirst())
                ))
            }
            return (collected.rows, nil)
        } catch {
            return (collected.rows, error)
        }
    }

    /// Waits until every write `batch`'s statements made is on disk; throws if any was lost.
    func barrier(_ batch: DeferredBatch) async throws {
        try await CallerLoop.wait { done in
            queue.submit(SQLiteGroupCommit.Job(sql: "", binds: [], onRow: { _ in }, done: { error in
                done(error ?? batch.lost)
            }, batch: batch, isBarrier: true))
        }
    }

    private func submit(_ query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> (), done: @escaping @Sendable ((any Error)?) -> Void) throws {
        let (sql, binds) = try encoded(query)
        queue.submit(SQLiteGroupCommit.Job(sql: sql, binds: binds, onRow: onRow, done: done, batch: DeferredBatch.current))
    }

    private func encoded(_ query: any SQLExpression) throws -> (String, [SQLiteData]) {
        let (sql, rawBinds) = serialize(query)
        let encoder = SQLiteDataEncoder()
        return (sql, try rawBinds.map { try encoder.encode($0) })
    }
}
