

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
