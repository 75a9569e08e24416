/// An error SQLite reported, with its extended result code and message.
struct SQLiteFailure: Error, CustomStringConvertible {
    let code: Int32
    let message: String

    var description: String { "SQLite error \(code): \(message)" }

    /// A unique index refused the row (a foreign key or check failure is another problem).
    var isUniqueViolation: Bool { code == Self.constraintUnique }

    /// SQLITE_CONSTRAINT_UNIQUE from sqlite3.h (SQLITE_CONSTRAINT | 8 << 8), which Swift does not import.
    static let constraintUnique: Int32 = 19 | (8 << 8)
}
