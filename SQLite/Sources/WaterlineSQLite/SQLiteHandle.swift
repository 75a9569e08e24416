import Foundation
import NIOCore
import SQLiteNIO
import VaporCSQLite

/// One SQLite connection used synchronously by one owner at a time (the server's group-commit
/// thread; the command line's store actor), with its prepared statements kept for reuse: both
/// run the same few statements over and over, and neither pays a thread hop per statement.
public final class SQLiteHandle {
    private var db: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    private static let statementLimit = 256
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    public init(path: String) throws {
        // NOMUTEX: one thread owns the connection, so SQLite's own locking would only cost.
        let flags = SQLITE_OPEN_CREATE | SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        var handle: OpaquePointer?
        let status = sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite_nio_sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite_nio_sqlite3_close(handle)
            throw SQLiteFailure(code: status, message: message)
        }
        db = handle
    }

    deinit { close() }

    public func close() {
        for statement in statements.values { sqlite_nio_sqlite3_finalize(statement) }
        statements.removeAll()
        if let db { sqlite_nio_sqlite3_close_v2(db) }
        db = nil
    }

    /// No transaction is open (SQLite's autocommit mode).
    public var isAutocommit: Bool { sqlite_nio_sqlite3_get_autocommit(db) != 0 }

    /// Runs one statement, handing each result row to `onRow`; answers whether it may have
    /// written (SQLite's own judgement of the prepared statement).
    @discardableResult
    public func run(_ sql: String, _ binds: [SQLiteData] = [], onRow: (SQLiteValuesRow) -> Void = { _ in }) throws -> Bool {
        let statement = try prepared(sql)
        defer {
            sqlite_nio_sqlite3_reset(statement)
            sqlite_nio_sqlite3_clear_bindings(statement)
        }
        for (offset, value) in binds.enumerated() {
            try bind(value, at: Int32(offset + 1), in: statement)
        }
        let writes = sqlite_nio_sqlite3_stmt_readonly(statement) == 0
        var columns: [String]?
        while true {
            let status = sqlite_nio_sqlite3_step(statement)
            if status == SQLITE_DONE { return writes }
            guard status == SQLITE_ROW else { throw failure(status) }
            let names = columns ?? Self.columnNames(statement)
            columns = names
            var values: [SQLiteData] = []
            values.reserveCapacity(names.count)
            for index in 0..<Int32(names.count) { values.append(Self.value(statement, index)) }
            onRow(SQLiteValuesRow(columns: names, values: values))
        }
    }

    /// Every result row of one statement.
    public func rows(_ sql: String, _ binds: [SQLiteData] = []) throws -> [SQLiteValuesRow] {
        var rows: [SQLiteValuesRow] = []
        try run(sql, binds) { rows.append($0) }
        return rows
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let status = sqlite_nio_sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw failure(status) }
        if statements.count >= Self.statementLimit {
            for old in statements.values { sqlite_nio_sqlite3_finalize(old) }
            statements.removeAll()
        }
        statements[sql] = statement
        return statement
    }

    private func bind(_ value: SQLiteData, at index: Int32, in statement: OpaquePointer) throws {
        let status: Int32
        switch value {
        case .integer(let number): status = sqlite_nio_sqlite3_bind_int64(statement, index, Int64(number))
        case .float(let number): status = sqlite_nio_sqlite3_bind_double(statement, index, number)
        case .text(let text):
            var text = text
            status = text.withUTF8 { bytes in
                sqlite_nio_sqlite3_bind_text64(statement, index, bytes.baseAddress, UInt64(bytes.count), Self.transient, UInt8(SQLITE_UTF8))
            }
        case .blob(let buffer):
            status = buffer.withUnsafeReadableBytes { bytes in
                sqlite_nio_sqlite3_bind_blob64(statement, index, bytes.baseAddress, UInt64(bytes.count), Self.transient)
            }
        case .null: status = sqlite_nio_sqlite3_bind_null(statement, index)
        }
        guard status == SQLITE_OK else { throw failure(status) }
    }

    private static func columnNames(_ statement: OpaquePointer) -> [String] {
        (0..<sqlite_nio_sqlite3_column_count(statement)).map { String(cString: sqlite_nio_sqlite3_column_name(statement, $0)) }
    }

    private static func value(_ statement: OpaquePointer, _ index: Int32) -> SQLiteData {
        switch sqlite_nio_sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(Int(sqlite_nio_sqlite3_column_int64(statement, index)))
        case SQLITE_FLOAT: return .float(sqlite_nio_sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            let count = Int(sqlite_nio_sqlite3_column_bytes(statement, index))
            guard let bytes = sqlite_nio_sqlite3_column_text(statement, index) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite_nio_sqlite3_column_bytes(statement, index))
            guard let bytes = sqlite_nio_sqlite3_column_blob(statement, index) else { return .blob(ByteBuffer()) }
            return .blob(ByteBuffer(bytes: UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }

    private func failure(_ status: Int32) -> SQLiteFailure {
        SQLiteFailure(code: sqlite_nio_sqlite3_extended_errcode(db), message: String(cString: sqlite_nio_sqlite3_errmsg(db)))
    }
}
