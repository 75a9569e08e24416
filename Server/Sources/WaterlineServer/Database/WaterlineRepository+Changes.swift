import Foundation
import SQLKit
import SQLiteNIO
import WaterlineAPI
import WaterlineCore

/// `sync:pull`: the caller's changes after a cursor, as the JSON the database keeps.
extension WaterlineRepository {
    // MARK: Changes

    /// The caller's changes numbered above `cursor`, oldest first, at most `limit`, as the JSON of
    /// a `PullPage`: each record is the JSON the database keeps, placed as it is (the kit's coding
    /// made it; its keys, like the page's, sorted), not decoded and encoded again.
    ///
    /// A cursor above the account's last number (a database restored from an older backup)
    /// starts over from the beginning: the device merges by stamp, so nothing is lost by that.
    public func changesJSON(after cursor: Int, limit: Int, for caller: Caller) async throws -> String {
        guard let user = try await sql.raw("SELECT change_seq FROM users WHERE id = \(bind: caller.key)").first() else {
            throw FunctionError(.unauthenticated, "the account no longer exists")
        }
        let last = try user.decode(column: "change_seq", as: Int.self)
        let from = cursor > last ? 0 : cursor
        // Each table's own next rows first (its (owner_id, seq) index), then the merge.
        let rows = try await sql.raw("""
            SELECT entity, seq, body FROM (
                SELECT * FROM (SELECT 'session' AS entity, seq, body FROM sessions
                    WHERE owner_id = \(bind: caller.key) AND seq > \(bind: from) ORDER BY seq LIMIT \(bind: limit + 1)) AS s
                UNION ALL
                SELECT * FROM (SELECT 'preset' AS entity, seq, body FROM presets
                    WHERE owner_id = \(bind: caller.key) AND seq > \(bind: from) ORDER BY seq LIMIT \(bind: limit + 1)) AS p
                UNION ALL
                SELECT * FROM (SELECT 'logEntry' AS entity, seq, body FROM log_entries
                    WHERE owner_id = \(bind: caller.key) AND seq > \(bind: from) ORDER BY seq LIMIT \(bind: limit + 1)) AS l
                UNION ALL
                SELECT 'settings' AS entity, settings_seq AS seq, settings AS body FROM users
                    WHERE id = \(bind: caller.key) AND settings_seq > \(bind: from)
            ) AS changes ORDER BY seq LIMIT \(bind: limit + 1)
            """).all()
        let page = rows.prefix(limit)
        var changes: [String] = []
        changes.reserveCapacity(page.count)
        for row in page {
            let entity = try row.decode(column: "entity", as: String.self)
            changes.append(#"{"entity":""# + entity + #"","record":"# + (try row.decode(column: "body", as: String.self)) + "}")
        }
        let next = try page.last?.decode(column: "seq", as: Int.self) ?? from
        return #"{"changes":["# + changes.joined(separator: ",") + #"],"cursor":"# + String(next) + #","hasMore":"# + String(rows.count > limit) + "}"
    }
}
