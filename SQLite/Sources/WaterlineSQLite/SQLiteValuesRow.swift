import SQLKit
import SQLiteKit
import SQLiteNIO

/// A result row read off a `SQLiteHandle`: by column name, and through SQLKit's `SQLRow`.
public struct SQLiteValuesRow: SQLRow, Sendable {
    public let columns: [String]
    public let values: [SQLiteData]

    public struct MissingColumn: Error, CustomStringConvertible {
        public let column: String
        public var description: String { "no column \"\(column)\" in the result" }
    }

    public var allColumns: [String] { columns }

    /// The value of `name`, nil when the row has no such column.
    public func column(_ name: String) -> SQLiteData? {
        columns.firstIndex(of: name).map { values[$0] }
    }

    public func contains(column: String) -> Bool { columns.contains(column) }

    public func decodeNil(column: String) throws -> Bool {
        guard let index = columns.firstIndex(of: column) else { return true }
        return values[index] == .null
    }

    public func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        guard let index = columns.firstIndex(of: column) else { throw MissingColumn(column: column) }
        return try SQLiteDataDecoder().decode(D.self, from: values[index])
    }
}
