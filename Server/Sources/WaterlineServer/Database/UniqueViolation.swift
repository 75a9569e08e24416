import WaterlineSQLite
import PostgresNIO

/// Whether a database error is a unique-index violation, in either dialect.
func isUniqueViolation(_ error: any Error) -> Bool {
    if let sqlite = error as? SQLiteFailure {
        // Only a unique index: a foreign key or check failure is another problem entirely.
        return sqlite.isUniqueViolation
    }
    if let postgres = error as? PSQLError {
        return postgres.serverInfo?[.sqlState] == "23505"
    }
    return false
}

/// Whether a database error is PostgreSQL's numbering trigger finding no room for a new record
/// (`ChangeSequence.quotaState`); SQLite's inserts check their room themselves.
func isQuotaViolation(_ error: any Error) -> Bool {
    (error as? PSQLError)?.serverInfo?[.sqlState] == ChangeSequence.quotaState
}
