import Foundation
import WaterlineCore
import WaterlineJSON

/// JSON as the kit's coding (`WaterlineCoding`) has it, read and written by `WaterlineJSON` and,
/// wherever that declines, by Foundation, whose answer (a value or an error) then stands. So the
/// bytes and the errors are Foundation's; only the time is not.
enum WireJSON {
    /// `T` from the value at `node` of `document`, else from Foundation reading `data` (the same text).
    static func decode<T: Decodable>(_ type: T.Type, in document: JSONDocument?, at node: Int = 0, orFrom data: @autoclosure () -> Data) throws -> T {
        if let document, let value = try? JSONDocumentDecoder.decode(type, from: document, at: node) {
            return value
        }
        return try WaterlineCoding.decoder().decode(type, from: data())
    }

    /// `T` from JSON text (a stored record's body).
    static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        try decode(type, in: JSONDocument(bytes: Array(text.utf8)), orFrom: Data(text.utf8))
    }

    /// `value` as compact JSON with sorted keys.
    static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        if let bytes = try? SortedJSONWriter.encode(value) { return bytes }
        return Array(try WaterlineCoding.encoder(pretty: false).encode(value))
    }

    /// `value` as compact JSON text with sorted keys.
    static func text<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }
}
