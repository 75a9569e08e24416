/// An error SQLite reported, with its extended result code and message.
public struct SQLiteFailure: Error, CustomStringConvertible {
    public let code: Int32
    public let message: String

    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "SQLite error \(code): \(message)" }

    /// A unique index refused the row (a foreign key or check failure is another problem).
    public var isUniqueViolation: Bool { code == Self.constraintUnique }

    /// SQLITE_CONSTRAINT_UNIQUE from sqlite3.h (SQLITE_CONSTRAINT | 8 << 8), which Swift does not import.
    public static let constraintUnique: Int32 = 19 | (8 << 8)
}
