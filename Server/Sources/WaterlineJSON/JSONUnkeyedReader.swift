/// An array of a `JSONDocument`, read in order for `JSONDocumentDecoder`.
struct JSONUnkeyedReader: UnkeyedDecodingContainer {
    let document: JSONDocument
    /// The next element's node.
    private var element: Int
    private let total: Int

    init(document: JSONDocument, node: Int) {
        self.document = document
        element = node + 1
        total = Int(document.nodes[node].count)
    }

    var codingPath: [any CodingKey] { [] }
    var count: Int? { total }
    private(set) var currentIndex = 0
    var isAtEnd: Bool { currentIndex >= total }

    /// The next element's node, moving past it.
    private mutating func take() throws -> Int {
        guard !isAtEnd else { throw JSONDocumentDecoder.Declined() }
        let node = element
        element = Int(document.nodes[node].next)
        currentIndex += 1
        return node
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw JSONDocumentDecoder.Declined() }
        if document.nodes[element].kind == .null {
            _ = try take()
            return true
        }
        return false
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try JSONDocumentDecoder.bool(in: document, at: take()) }
    mutating func decode(_ type: String.Type) throws -> String { try JSONDocumentDecoder.string(in: document, at: take()) }
    mutating func decode(_ type: Double.Type) throws -> Double { try JSONDocumentDecoder.double(in: document, at: take()) }
    mutating func decode(_ type: Float.Type) throws -> Float { throw JSONDocumentDecoder.Declined() }
    mutating func decode(_ type: Int.Type) throws -> Int { try JSONDocumentDecoder.integer(type, in: document, at: take()) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try JSONDocumentDecoder.integer(type, in: document, at: take()) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try JSONDocumentDecoder.integer(type, in: document, at: take()) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try JSONDocumentDecoder.integer(type, in: document, at: take()) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try JSONDocumentDecoder.integer(type, in: document, at: take()) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try JSONDocumentDecoder.integer(type, in: document, at: take()) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try JSONDocumentDecoder.integer(type, in: document, at: take()) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try JSONDocumentDecoder.integer(type, in: document, at: take()) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try JSONDocumentDecoder.integer(type, in: document, at: take()) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try JSONDocumentDecoder.integer(type, in: document, at: take()) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDocumentDecoder.value(type, in: document, at: take())
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try JSONDocumentDecoder(document: document, node: take()).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try JSONDocumentDecoder(document: document, node: take()).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { throw JSONDocumentDecoder.Declined() }
}
