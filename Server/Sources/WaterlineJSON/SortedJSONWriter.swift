import Foundation

/// Encodes `Encodable` values into exactly the bytes `WaterlineCoding.encoder(pretty: false)`
/// writes (keys sorted by their UTF-8 bytes, dates as whole milliseconds since 1970, numbers as
/// Foundation spells them, `/` unescaped), through each type's own `encode(to:)`, several times
/// faster.
///
/// Where it cannot be sure of writing the same bytes (a non-finite number, `Float`, `Data`,
/// `URL`, `Decimal`, a key encoded twice) it throws `JSONDocumentDecoder.Declined`, and the caller
/// asks Foundation's encoder, whose answer stands.
public enum SortedJSONWriter {
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let root = try JSONTreeEncoder.encoded(value)
        // Written already (a type that writes itself, a date): as it is.
        if case .raw(let bytes) = root { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(256)
        try write(root, into: &out)
        return out
    }

    private static func write(_ value: EncodedValue, into out: inout [UInt8]) throws {
        switch value {
        case .string(let text): writeString(text, into: &out)
        case .number(let text): out.append(contentsOf: text.utf8)
        case .raw(let bytes): out.append(contentsOf: bytes)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case .pending(let slot):
            guard let value = slot.value else { throw JSONDocumentDecoder.Declined() }
            try write(value, into: &out)
        case .array(let array):
            out.append(UInt8(ascii: "["))
            for (index, element) in array.elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                try write(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            let members = object.members
            // The members' order by key (indices are cheaper to move than members).
            var order = Array(members.indices)
            order.sort { precedes(members[$0].key, members[$1].key) }
            out.append(UInt8(ascii: "{"))
            for (position, index) in order.enumerated() {
                if position > 0 {
                    // Sorted, a key encoded twice sits beside itself.
                    guard precedes(members[order[position - 1]].key, members[index].key) else { throw JSONDocumentDecoder.Declined() }
                    out.append(UInt8(ascii: ","))
                }
                writeString(members[index].key, into: &out)
                out.append(UInt8(ascii: ":"))
                try write(members[index].value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Whether key `a` comes before key `b`: by their UTF-8 bytes, as Foundation sorts them.
    static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { left in
            b.withUTF8 { right in
                let common = min(left.count, right.count)
                let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
                return order != 0 ? order < 0 : left.count < right.count
            }
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `text` as a JSON string, escaped as Foundation's encoder escapes it.
    public static func append(_ text: String, to out: inout [UInt8]) {
        writeString(text, into: &out)
    }

    /// `value` as Foundation's encoder spells a number (throws `Declined` if it is not finite).
    public static func append(_ value: Double, to out: inout [UInt8]) throws {
        out.append(contentsOf: try spelled(value).utf8)
    }

    /// `date` as WaterlineCoding writes one: whole milliseconds since 1970.
    public static func append(_ date: Date, to out: inout [UInt8]) throws {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard let whole = Int64(exactly: milliseconds) else { throw JSONDocumentDecoder.Declined() }
        out.append(contentsOf: String(whole).utf8)
    }

    /// `id` as a JSON string, as `UUID`'s own encoding writes it.
    public static func append(_ id: UUID, to out: inout [UInt8]) {
        writeString(UUIDText.string(id), into: &out)
    }

    /// A string in quotes, escaped as Foundation's encoder escapes it: `"` and `\`, control
    /// characters (named where JSON names them), nothing else.
    private static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var clean = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[clean..<index]))
                clean = index + 1
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
                case 0x08: out.append(UInt8(ascii: "b"))
                case 0x0C: out.append(UInt8(ascii: "f"))
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                default:
                    out.append(UInt8(ascii: "u"))
                    out.append(UInt8(ascii: "0"))
                    out.append(UInt8(ascii: "0"))
                    out.append(hexDigits[Int(byte >> 4)])
                    out.append(hexDigits[Int(byte & 0xF)])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[clean...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A `Double` as Foundation's encoder spells it: its shortest round-trip form, without a
    /// trailing `.0`.
    static func spelled(_ value: Double) throws -> String {
        guard value.isFinite else { throw JSONDocumentDecoder.Declined() }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
