/// The byte-level rules the reader and the writer share: escapes, UTF-8, numbers.
enum JSONText {
    /// The value of a hex digit, in either case.
    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The value of four hex digits at `offset`, if there are four.
    static func hex4(_ text: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt16? {
        guard offset + 4 <= text.count else { return nil }
        var value: UInt16 = 0
        for index in offset..<offset + 4 {
            guard let digit = hexDigit(text[index]) else { return nil }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence of two to four bytes at `offset` (no overlong
    /// forms, no surrogates, nothing past U+10FFFF), or nil.
    static func utf8SequenceLength(_ text: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int? {
        let lead = text[offset]
        let length: Int
        var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: return nil
        }
        guard offset + length <= text.count else { return nil }
        guard (lower...upper).contains(text[offset + 1]) else { return nil }
        for index in offset + 2..<offset + length where text[index] & 0xC0 != 0x80 { return nil }
        return length
    }

    /// A string node's text with its escapes undone (the reader has checked them).
    static func unescaped(_ bytes: ArraySlice<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        return bytes.withUnsafeBufferPointer { text -> String? in
            var index = 0
            while index < text.count {
                let byte = text[index]
                guard byte == UInt8(ascii: "\\") else {
                    out.append(byte)
                    index += 1
                    continue
                }
                let kind = text[index + 1]
                index += 2
                switch kind {
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard let unit = hex4(text, index) else { return nil }
                    index += 4
                    var scalar = UInt32(unit)
                    if (0xD800...0xDBFF).contains(unit) {
                        guard let low = hex4(text, index + 2) else { return nil }
                        index += 6
                        scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                    }
                    guard let value = Unicode.Scalar(scalar) else { return nil }
                    out.append(contentsOf: UTF8.encode(value)!)
                default: out.append(kind)
                }
            }
            return String(validating: out, as: UTF8.self)
        }
    }

    /// Powers of ten a `Double` holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// A number literal's value as a `Double`, when it neither overflows nor underflows to zero
    /// (Foundation refuses such literals).
    static func double(_ literal: ArraySlice<UInt8>) -> Double? {
        // The exact case first: up to 15 significant digits and a power of ten a Double holds,
        // so one correctly rounded multiplication or division gives the nearest Double.
        var mantissa: UInt64 = 0
        var digits = 0
        var scale = 0
        var negative = false
        var index = literal.startIndex
        if literal[index] == UInt8(ascii: "-") { negative = true; index += 1 }
        var fraction = false
        var exact = true
        while index < literal.endIndex {
            let byte = literal[index]
            if byte == UInt8(ascii: ".") { fraction = true; index += 1; continue }
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            if mantissa != 0 || digit != 0 { digits += 1 }
            if digits > 15 { exact = false; break }
            mantissa = mantissa * 10 + UInt64(digit)
            if fraction { scale -= 1 }
            index += 1
        }
        if exact, index < literal.endIndex {
            // An exponent: [eE][+-]?digits
            index += 1
            var exponentNegative = false
            if literal[index] == UInt8(ascii: "-") { exponentNegative = true; index += 1 } else if literal[index] == UInt8(ascii: "+") { index += 1 }
            var exponent = 0
            while index < literal.endIndex, exponent < 10_000 {
                exponent = exponent * 10 + Int(literal[index] &- UInt8(ascii: "0"))
                index += 1
            }
            if index < literal.endIndex { exact = false } else { scale += exponentNegative ? -exponent : exponent }
        }
        if exact, mantissa == 0 {
            return negative ? -0.0 : 0.0
        }
        if exact, (-22...22).contains(scale) {
            let magnitude = scale < 0 ? Double(mantissa) / exactPowersOfTen[-scale] : Double(mantissa) * exactPowersOfTen[scale]
            return negative ? -magnitude : magnitude
        }
        guard let value = Double(String(decoding: literal, as: UTF8.self)), value.isFinite else { return nil }
        // A literal whose significand has a nonzero digit and reads as zero underflowed ("0e5" is zero).
        if value == 0, literal.prefix(while: { $0 | 0x20 != UInt8(ascii: "e") }).contains(where: { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }) {
            return nil
        }
        return value
    }

    /// A number literal's value as an integer, when it is written as one (no fraction, no
    /// exponent) and fits.
    static func integer<Integer: FixedWidthInteger>(_ literal: ArraySlice<UInt8>, as type: Integer.Type) -> Integer? {
        var index = literal.startIndex
        let negative = literal[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var value: Integer = 0
        while index < literal.endIndex {
            let digit = literal[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowAdd) = negative
                ? times.subtractingReportingOverflow(Integer(digit))
                : times.addingReportingOverflow(Integer(digit))
            guard !overflowTimes, !overflowAdd else { return nil }
            value = next
            index += 1
        }
        return value
    }
}
