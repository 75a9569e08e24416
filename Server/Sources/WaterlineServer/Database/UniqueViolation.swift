import PostgresNIO
import SQLiteNIO

/// Whether a database error is a unique-index violation, in either dialect.
func isUniqueViolation(_ error: any Error) -> Bool {
    if let sqlite = error as? SQLiteError {
        return sqlite.reason == .constraintUniqueFailed || sqlite.reason == .constraint
    }
    if let postgres = error as? PSQLError {
        return postgres.serverInfo?[.sqlState] == "23505"
    }
    return false
}
