/// Negative zeros in a JSON text, written as zeros.
///
/// "-0", "-0.0" or "-0e5" is a number JSON allows and no one logs: it passes every `>= 0` bound,
/// and a reader keeps its sign, so a record holding it would come back as "-0" to every device.
/// The server reads a call's body with its negative zeros made plain zeros (the minus sign
/// becomes a space, which JSON allows before a number), before either reader sees it, as
/// Convex's functions store them (`finiteNumbers` in `convex/lib/rules.ts`).
public enum NegativeZero {
    /// Rewrites each negative zero outside a string in `bytes` as a zero; true when one was found.
    @discardableResult
    public static func unsign(_ bytes: inout [UInt8]) -> Bool {
        var found = false
        var index = 0
        var inString = false
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 2; continue }
                if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "-"), isZero(bytes, from: index + 1) {
                bytes[index] = UInt8(ascii: " ")
                found = true
            }
            index += 1
        }
        return found
    }

    /// Whether the number literal starting at `start` (after its sign) has only zero digits
    /// before any exponent, and at least one.
    private static func isZero(_ bytes: [UInt8], from start: Int) -> Bool {
        var index = start
        var digits = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0"): digits += 1
            case UInt8(ascii: "."): break
            case UInt8(ascii: "1")...UInt8(ascii: "9"): return false
            default: return digits > 0
            }
            index += 1
        }
        return digits > 0
    }
}
