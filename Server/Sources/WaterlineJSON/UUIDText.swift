import Foundation

/// A UUID's text as `UUID.uuidString` writes it and `UUID(uuidString:)` reads it (8-4-4-4-12 hex
/// digits, read in either case, written in upper case), without going through `snprintf`.
enum UUIDText {
    private static let digits = Array("0123456789ABCDEF".utf8)

    static func string(_ id: UUID) -> String {
        withUnsafeBytes(of: id.uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { out in
                var position = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        out[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    out[position] = digits[Int(byte >> 4)]
                    out[position + 1] = digits[Int(byte & 0xF)]
                    position += 2
                }
                return position
            }
        }
    }

    static func uuid(_ text: ArraySlice<UInt8>) -> UUID? {
        guard text.count == 36 else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &bytes) { out -> Bool in
            var position = text.startIndex
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    guard text[position] == UInt8(ascii: "-") else { return false }
                    position += 1
                }
                guard let high = JSONText.hexDigit(text[position]), let low = JSONText.hexDigit(text[position + 1]) else { return false }
                out[index] = high << 4 | low
                position += 2
            }
            return true
        }
        return parsed ? UUID(uuid: bytes) : nil
    }
}
