/// A JSON text read once into a flat list of nodes, strictly as RFC 8259 has it.
///
/// Each node is a value: a container's members follow it in order (for an object: a key node,
/// then its value's nodes), and `next` is the index just past its subtree, so a reader skips
/// a member it does not want in one step. Strings, numbers and keys stay bytes of the text until
/// they are asked for. Reading fails (the initializer answers nil) on anything that is not JSON,
/// and also on a few things that are but that readers treat in their own ways (a key written
/// twice in one object, a key written with escapes, a byte order mark, nesting deeper than 512,
/// a bad string Foundation might pass over unread): the caller then asks Foundation, whose
/// answer stands.
public struct JSONDocument: Sendable {
    public enum Kind: UInt8, Sendable {
        case object, array, string, number, `true`, `false`, null
    }

    public struct Node: Sendable {
        public var kind: Kind
        /// A string has escapes to undo; a number has a fraction or an exponent.
        public var flagged: Bool
        /// The value's bytes: a string's without its quotes, a number's literal; a container's
        /// opening bracket.
        public var start: Int32
        public var end: Int32
        /// A container's members (an object's count its keys).
        public var count: Int32
        /// The index just past this node's subtree.
        public var next: Int32
    }

    public let bytes: [UInt8]
    public private(set) var nodes: [Node]

    static let maximumDepth = 512

    public init?(bytes: [UInt8]) {
        guard bytes.count < Int32.max else { return nil }
        self.bytes = bytes
        var parser = Parser(capacity: bytes.count / 8 + 4)
        guard let nodes = bytes.withUnsafeBufferPointer({ parser.parse($0) }) else { return nil }
        self.nodes = nodes
    }

    /// The root value's node.
    public var root: Int { 0 }

    /// The value node of `key` in the object at `node`, if it has one.
    public func member(_ key: String, of node: Int) -> Int? {
        guard nodes[node].kind == .object else { return nil }
        var key = key
        return key.withUTF8 { expected in
            bytes.withUnsafeBufferPointer { text in
                var member = node + 1
                for _ in 0..<nodes[node].count {
                    let entry = nodes[member]
                    if Int(entry.end - entry.start) == expected.count,
                       expected.elementsEqual(UnsafeBufferPointer(rebasing: text[Int(entry.start)..<Int(entry.end)])) {
                        return member + 1
                    }
                    member = Int(nodes[member + 1].next)
                }
                return nil
            }
        }
    }

    /// The keys of the object at `node`, in order (none when it is not an object).
    public func keys(of node: Int) -> [String] {
        var keys: [String] = []
        try? forEachMember(of: node) { key, _ in keys.append(key) }
        return keys
    }

    /// The text of the string at `node`, nil when it is not a string.
    public func string(at node: Int) -> String? {
        try? JSONDocumentDecoder.string(in: self, at: node)
    }

    /// The bytes of a string or number node.
    @inline(__always)
    func slice(_ index: Int) -> ArraySlice<UInt8> {
        let node = nodes[index]
        return bytes[Int(node.start)..<Int(node.end)]
    }
}

extension JSONDocument {
    /// Calls `body` with each key (no escapes: the reader declined those) and its value's node, in
    /// order, for a hand-written `JSONDocumentReadable`; throws `Declined` when `node` is not an
    /// object (as Foundation fails to read one).
    public func forEachMember(of node: Int, _ body: (String, Int) throws -> Void) throws {
        guard nodes[node].kind == .object else { throw JSONDocumentDecoder.Declined() }
        var member = node + 1
        for _ in 0..<nodes[node].count {
            try body(String(decoding: slice(member), as: UTF8.self), member + 1)
            member = Int(nodes[member + 1].next)
        }
    }

    /// The value at `node` as `T`, as `Decodable` reads a required key.
    public func read<T: Decodable>(_ type: T.Type, at node: Int) throws -> T {
        try JSONDocumentDecoder.decode(type, from: self, at: node)
    }

    /// The value at `node` as `T`, or nil for `null`, as `decodeIfPresent` reads a key present.
    public func readIfPresent<T: Decodable>(_ type: T.Type, at node: Int) throws -> T? {
        nodes[node].kind == .null ? nil : try read(type, at: node)
    }

    /// A string enumeration's case, as its `Decodable` reads it.
    public func readRaw<T: RawRepresentable & Decodable>(_ type: T.Type, at node: Int) throws -> T where T.RawValue == String {
        guard let value = T(rawValue: try read(String.self, at: node)) else { throw JSONDocumentDecoder.Declined() }
        return value
    }

    /// The nodes of the array at `node`, in order; throws `Declined` when it is not an array.
    public func elements(of node: Int) throws -> [Int] {
        guard nodes[node].kind == .array else { throw JSONDocumentDecoder.Declined() }
        var elements: [Int] = []
        elements.reserveCapacity(Int(nodes[node].count))
        var element = node + 1
        for _ in 0..<nodes[node].count {
            elements.append(element)
            element = Int(nodes[element].next)
        }
        return elements
    }
}
