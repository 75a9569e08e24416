import SQLKit
import SQLiteKit
import SQLiteNIO

/// A result row read off the group-commit connection, seen through SQLKit's `SQLRow`.
struct SQLiteValuesRow: SQLRow, Sendable {
    let columns: [String]
    let values: [SQLiteData]

    struct MissingColumn: Error, CustomStringConvertible {
        let column: String
        var description: String { "no column \"\(column)\" in the result" }
    }

    var allColumns: [String] { columns }

    func contains(column: String) -> Bool { columns.contains(column) }

    func decodeNil(column: String) throws -> Bool {
        guard let index = columns.firstIndex(of: column) else { return true }
        return values[index] == .null
    }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        guard let index = columns.firstIndex(of: column) else { throw MissingColumn(column: column) }
        return try SQLiteDataDecoder().decode(D.self, from: values[index])
    }
}
