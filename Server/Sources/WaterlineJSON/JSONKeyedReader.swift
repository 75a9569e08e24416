/// An object of a `JSONDocument`, read by key for `JSONDocumentDecoder`.
struct JSONKeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let document: JSONDocument
    let node: Int

    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        document.keys(of: node).compactMap { Key(stringValue: $0) }
    }

    private func find(_ key: Key) -> Int? {
        document.member(key.stringValue, of: node)
    }

    private func required(_ key: Key) throws -> Int {
        guard let value = find(key) else { throw JSONDocumentDecoder.Declined() }
        return value
    }

    func contains(_ key: Key) -> Bool { find(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        document.nodes[try required(key)].kind == .null
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try JSONDocumentDecoder.bool(in: document, at: required(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try JSONDocumentDecoder.string(in: document, at: required(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try JSONDocumentDecoder.double(in: document, at: required(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { throw JSONDocumentDecoder.Declined() }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try JSONDocumentDecoder.integer(type, in: document, at: required(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try JSONDocumentDecoder.integer(type, in: document, at: required(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try JSONDocumentDecoder.integer(type, in: document, at: required(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try JSONDocumentDecoder.integer(type, in: document, at: required(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try JSONDocumentDecoder.integer(type, in: document, at: required(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try JSONDocumentDecoder.integer(type, in: document, at: required(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try JSONDocumentDecoder.integer(type, in: document, at: required(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try JSONDocumentDecoder.integer(type, in: document, at: required(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try JSONDocumentDecoder.integer(type, in: document, at: required(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try JSONDocumentDecoder.integer(type, in: document, at: required(key)) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try JSONDocumentDecoder.value(type, in: document, at: required(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try JSONDocumentDecoder(document: document, node: required(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try JSONDocumentDecoder(document: document, node: required(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { throw JSONDocumentDecoder.Declined() }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw JSONDocumentDecoder.Declined() }
}
