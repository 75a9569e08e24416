import SQLKit

/// Migration 9: what keeps pruning by the clock safe when the clock goes back.
///
/// `revoked_tokens` and `used_nonces` are pruned once their token has expired, by the server's
/// clock. A clock that ran ahead (a bad NTP answer, an operator's typo) and is then set back
/// would revive what was pruned: a signed-out session token would work again, a used Apple
/// sign-in could be replayed. So each row keeps its token's issue time (`issued_at`), and each
/// table a mark in `pruned_until`: the latest issue time among the rows it has deleted, raised
/// and never lowered. A token issued at or before the mark may have been forgotten and is
/// refused; a token issued after it cannot have been. With a clock that only moves forward the
/// mark trails the oldest token still alive, so it refuses nothing that was not already expired.
/// (Rows written before this migration carry no issue time, 0.)
enum PruneMarks {
    @Sendable static func add(_ sql: any SQLDatabase) async throws {
        // Another server on the same database may have added them first.
        for table in ["revoked_tokens", "used_nonces"] where try await !Migrations.hasColumn("issued_at", in: table, sql) {
            try await sql.raw("ALTER TABLE \(unsafeRaw: table) ADD COLUMN issued_at DOUBLE PRECISION NOT NULL DEFAULT 0").run()
        }
        try await sql.raw("CREATE TABLE IF NOT EXISTS pruned_until (name TEXT PRIMARY KEY, at DOUBLE PRECISION NOT NULL)").run()
    }
}
