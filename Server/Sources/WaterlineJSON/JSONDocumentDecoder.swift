import Foundation

/// Decodes `Decodable` values from a `JSONDocument` as `WaterlineCoding.decoder()` would: dates
/// as milliseconds since 1970, through each type's own `init(from:)`.
///
/// It answers only what it is sure Foundation would answer alike; anything else throws
/// `Declined` (a type mismatch, a missing key, a duplicate key, a number written in a way
/// Foundation converts on its own terms, `Data`, `URL`, `Decimal`), and the caller asks
/// Foundation's decoder, whose value or error stands. So it keeps no coding path: the errors
/// people read are Foundation's.
public struct JSONDocumentDecoder: Decoder {
    /// This decoder will not answer; Foundation's will.
    public struct Declined: Error {
        public init() {}
    }

    let document: JSONDocument
    let node: Int

    public init(document: JSONDocument, node: Int) {
        self.document = document
        self.node = node
    }

    /// `T` read from the value at `node` (the root by default); throws `Declined` where
    /// Foundation's answer is to be asked for.
    public static func decode<T: Decodable>(_ type: T.Type, from document: JSONDocument, at node: Int = 0) throws -> T {
        try value(type, in: document, at: node)
    }

    public var codingPath: [any CodingKey] { [] }
    public var userInfo: [CodingUserInfoKey: Any] { [:] }

    public func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard document.nodes[node].kind == .object else { throw Declined() }
        return KeyedDecodingContainer(JSONKeyedReader<Key>(document: document, node: node))
    }

    public func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard document.nodes[node].kind == .array else { throw Declined() }
        return JSONUnkeyedReader(document: document, node: node)
    }

    public func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONSingleValueReader(document: document, node: node)
    }

    /// `T` read from the value at `node`, with the special cases Foundation's decoder makes.
    static func value<T: Decodable>(_ type: T.Type, in document: JSONDocument, at node: Int) throws -> T {
        if T.self == Date.self {
            // WaterlineCoding's date: whole milliseconds since 1970, as a number.
            let milliseconds = try double(in: document, at: node)
            return Date(timeIntervalSince1970: milliseconds.rounded() / 1000) as! T
        }
        if T.self == String.self { return try string(in: document, at: node) as! T }
        if T.self == UUID.self {
            let entry = document.nodes[node]
            guard entry.kind == .string, !entry.flagged, let id = UUIDText.uuid(document.slice(node)) else { throw Declined() }
            return id as! T
        }
        if T.self == Double.self { return try double(in: document, at: node) as! T }
        if T.self == Int.self { return try integer(Int.self, in: document, at: node) as! T }
        if T.self == Bool.self { return try bool(in: document, at: node) as! T }
        // Foundation's decoder reads these its own way.
        if T.self == Data.self || T.self == URL.self || T.self == Decimal.self { throw Declined() }
        if let readable = T.self as? any JSONDocumentReadable.Type {
            return try readable.init(document: document, node: node) as! T
        }
        return try T(from: JSONDocumentDecoder(document: document, node: node))
    }

    static func string(in document: JSONDocument, at node: Int) throws -> String {
        let entry = document.nodes[node]
        guard entry.kind == .string else { throw Declined() }
        let bytes = document.bytes[Int(entry.start)..<Int(entry.end)]
        // The reader checked the UTF-8 and the escapes.
        if !entry.flagged { return String(decoding: bytes, as: UTF8.self) }
        guard let text = JSONText.unescaped(bytes) else { throw Declined() }
        return text
    }

    static func double(in document: JSONDocument, at node: Int) throws -> Double {
        guard document.nodes[node].kind == .number, let value = JSONText.double(document.slice(node)) else { throw Declined() }
        return value
    }

    static func integer<Integer: FixedWidthInteger>(_ type: Integer.Type, in document: JSONDocument, at node: Int) throws -> Integer {
        let entry = document.nodes[node]
        guard entry.kind == .number, !entry.flagged, let value = JSONText.integer(document.slice(node), as: Integer.self) else { throw Declined() }
        return value
    }

    static func bool(in document: JSONDocument, at node: Int) throws -> Bool {
        switch document.nodes[node].kind {
        case .true: true
        case .false: false
        default: throw Declined()
        }
    }
}
