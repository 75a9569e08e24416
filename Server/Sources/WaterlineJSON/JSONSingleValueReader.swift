/// One value of a `JSONDocument`, for `JSONDocumentDecoder`.
struct JSONSingleValueReader: SingleValueDecodingContainer {
    let document: JSONDocument
    let node: Int

    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { document.nodes[node].kind == .null }

    func decode(_ type: Bool.Type) throws -> Bool { try JSONDocumentDecoder.bool(in: document, at: node) }
    func decode(_ type: String.Type) throws -> String { try JSONDocumentDecoder.string(in: document, at: node) }
    func decode(_ type: Double.Type) throws -> Double { try JSONDocumentDecoder.double(in: document, at: node) }
    func decode(_ type: Float.Type) throws -> Float { throw JSONDocumentDecoder.Declined() }
    func decode(_ type: Int.Type) throws -> Int { try JSONDocumentDecoder.integer(type, in: document, at: node) }
    func decode(_ type: Int8.Type) throws -> Int8 { try JSONDocumentDecoder.integer(type, in: document, at: node) }
    func decode(_ type: Int16.Type) throws -> Int16 { try JSONDocumentDecoder.integer(type, in: document, at: node) }
    func decode(_ type: Int32.Type) throws -> Int32 { try JSONDocumentDecoder.integer(type, in: document, at: node) }
    func decode(_ type: Int64.Type) throws -> Int64 { try JSONDocumentDecoder.integer(type, in: document, at: node) }
    func decode(_ type: UInt.Type) throws -> UInt { try JSONDocumentDecoder.integer(type, in: document, at: node) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try JSONDocumentDecoder.integer(type, in: document, at: node) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try JSONDocumentDecoder.integer(type, in: document, at: node) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try JSONDocumentDecoder.integer(type, in: document, at: node) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try JSONDocumentDecoder.integer(type, in: document, at: node) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDocumentDecoder.value(type, in: document, at: node)
    }
}
