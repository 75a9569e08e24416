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
    /// The recursive-descent reader behind `init?(bytes:)`.
    struct Parser {
        var nodes: [Node]

        init(capacity: Int) {
            nodes = []
            nodes.reserveCapacity(capacity)
        }

        mutating func parse(_ text: UnsafeBufferPointer<UInt8>) -> [Node]? {
            var position = 0
            skipSpace(text, &position)
            guard value(text, &position, depth: 0) else { return nil }
            skipSpace(text, &position)
            return position == text.count ? nodes : nil
        }

        @inline(__always)
        private func skipSpace(_ text: UnsafeBufferPointer<UInt8>, _ position: inout Int) {
            while position < text.count {
                switch text[position] {
                case 0x20, 0x0A, 0x0D, 0x09: position += 1
                default: return
                }
            }
        }

        private mutating func value(_ text: UnsafeBufferPointer<UInt8>, _ position: inout Int, depth: Int) -> Bool {
            guard position < text.count else { return false }
            switch text[position] {
            case UInt8(ascii: "{"): return container(text, &position, depth: depth, object: true)
            case UInt8(ascii: "["): return container(text, &position, depth: depth, object: false)
            case UInt8(ascii: "\""): return string(text, &position)
            case UInt8(ascii: "t"): return literal(text, &position, "true", .true)
            case UInt8(ascii: "f"): return literal(text, &position, "false", .false)
            case UInt8(ascii: "n"): return literal(text, &position, "null", .null)
            default: return number(text, &position)
            }
        }

        private mutating func literal(_ text: UnsafeBufferPointer<UInt8>, _ position: inout Int, _ word: StaticString, _ kind: Kind) -> Bool {
            let count = word.utf8CodeUnitCount
            guard position + count <= text.count else { return false }
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
            for offset in 0..<count where text[position + offset] != expected[offset] { return false }
            let index = nodes.count
            nodes.append(Node(kind: kind, flagged: false, start: Int32(position), end: Int32(position + count), count: 0, next: Int32(index + 1)))
            position += count
            return true
        }

        private mutating func container(_ text: UnsafeBufferPointer<UInt8>, _ position: inout Int, depth: Int, object: Bool) -> Bool {
            guard depth < JSONDocument.maximumDepth else { return false }
            let index = nodes.count
            nodes.append(Node(kind: object ? .object : .array, flagged: false, start: Int32(position), end: 0, count: 0, next: 0))
            position += 1
            skipSpace(text, &position)
            let close = UInt8(ascii: object ? "}" : "]")
            var count: Int32 = 0
            if position < text.count, text[position] == close {
                position += 1
            } else {
                while true {
                    if object {
                        guard position < text.count, text[position] == UInt8(ascii: "\""), string(text, &position),
                              !nodes[nodes.count - 1].flagged else { return false }
                        skipSpace(text, &position)
                        guard position < text.count, text[position] == UInt8(ascii: ":") else { return false }
                        position += 1
                        skipSpace(text, &position)
                    }
                    guard value(text, &position, depth: depth + 1) else { return false }
                    count += 1
                    skipSpace(text, &position)
                    guard position < text.count else { return false }
                    if text[position] == UInt8(ascii: ",") {
                        position += 1
                        skipSpace(text, &position)
                    } else if text[position] == close {
                        position += 1
                        break
                    } else {
                        return false
                    }
                }
            }
            nodes[index].end = Int32(position)
            nodes[index].count = count
            nodes[index].next = Int32(nodes.count)
            return !object || keysAreDistinct(text, object: index)
        }

        /// Whether no key of the object at `index` appears twice (Foundation reads the first, other
        /// readers the last: such an object is left to Foundation). Keys here have no escapes.
        private func keysAreDistinct(_ text: UnsafeBufferPointer<UInt8>, object index: Int) -> Bool {
            let count = Int(nodes[index].count)
            guard count > 1 else { return true }
            func key(_ node: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: text[Int(nodes[node].start)..<Int(nodes[node].end)])
            }
            if count <= 16 {
                var first = index + 1
                for _ in 0..<count - 1 {
                    let name = key(first)
                    var other = Int(nodes[first + 1].next)
                    while other < nodes.count {
                        if key(other).elementsEqual(name) { return false }
                        other = Int(nodes[other + 1].next)
                    }
                    first = Int(nodes[first + 1].next)
                }
                return true
            }
            var seen = Set<ArraySlice<UInt8>>(minimumCapacity: count)
            var member = index + 1
            for _ in 0..<count {
                guard seen.insert(ArraySlice(key(member))).inserted else { return false }
                member = Int(nodes[member + 1].next)
            }
            return true
        }

        /// A string: no raw control characters, only JSON's escapes, surrogates in pairs and valid
        /// UTF-8, as Foundation requires of the strings it reads. (It passes over the ones it does
        /// not read; this reader checks every string once, and declines a text with a bad one.)
        private mutating func string(_ text: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> Bool {
            var cursor = position + 1
            let start = cursor
            var escaped = false
            while true {
                guard cursor < text.count else { return false }
                let byte = text[cursor]
                if byte == UInt8(ascii: "\"") { break }
                if byte < 0x20 { return false }
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    guard cursor + 1 < text.count else { return false }
                    switch text[cursor + 1] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                         UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        cursor += 2
                    case UInt8(ascii: "u"):
                        guard let unit = JSONText.hex4(text, cursor + 2) else { return false }
                        cursor += 6
                        if (0xD800...0xDBFF).contains(unit) {
                            guard cursor + 1 < text.count, text[cursor] == UInt8(ascii: "\\"), text[cursor + 1] == UInt8(ascii: "u"),
                                  let low = JSONText.hex4(text, cursor + 2), (0xDC00...0xDFFF).contains(low) else { return false }
                            cursor += 6
                        } else if (0xDC00...0xDFFF).contains(unit) {
                            return false
                        }
                    default:
                        return false
                    }
                } else if byte < 0x80 {
                    cursor += 1
                } else {
                    guard let length = JSONText.utf8SequenceLength(text, cursor) else { return false }
                    cursor += length
                }
            }
            let index = nodes.count
            nodes.append(Node(kind: .string, flagged: escaped, start: Int32(start), end: Int32(cursor), count: 0, next: Int32(index + 1)))
            position = cursor + 1
            return true
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
        private mutating func number(_ text: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> Bool {
            var cursor = position
            if text[cursor] == UInt8(ascii: "-") { cursor += 1 }
            func digits(_ cursor: inout Int) -> Int {
                let from = cursor
                while cursor < text.count, text[cursor] &- UInt8(ascii: "0") < 10 { cursor += 1 }
                return cursor - from
            }
            guard cursor < text.count else { return false }
            if text[cursor] == UInt8(ascii: "0") {
                cursor += 1
            } else if digits(&cursor) == 0 {
                return false
            }
            var flagged = false
            if cursor < text.count, text[cursor] == UInt8(ascii: ".") {
                cursor += 1
                guard digits(&cursor) > 0 else { return false }
                flagged = true
            }
            if cursor < text.count, text[cursor] | 0x20 == UInt8(ascii: "e") {
                cursor += 1
                if cursor < text.count, text[cursor] == UInt8(ascii: "+") || text[cursor] == UInt8(ascii: "-") { cursor += 1 }
                guard digits(&cursor) > 0 else { return false }
                flagged = true
            }
            let index = nodes.count
            nodes.append(Node(kind: .number, flagged: flagged, start: Int32(position), end: Int32(cursor), count: 0, next: Int32(index + 1)))
            position = cursor
            return true
        }
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
