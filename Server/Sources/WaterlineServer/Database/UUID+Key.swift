import Foundation

extension UUID {
    /// The form ids are stored and compared in: `uuidString`, lowercased. Written straight from
    /// the sixteen bytes, since ids are keyed several times per call and `uuidString` goes
    /// through `snprintf` and `lowercased()` another copy.
    var key: String {
        let bytes = uuid
        return String(unsafeUninitializedCapacity: 36) { buffer in
            var at = 0
            func put(_ byte: UInt8) {
                buffer[at] = Self.hexDigits[Int(byte >> 4)]
                buffer[at + 1] = Self.hexDigits[Int(byte & 0x0F)]
                at += 2
            }
            func dash() {
                buffer[at] = UInt8(ascii: "-")
                at += 1
            }
            put(bytes.0); put(bytes.1); put(bytes.2); put(bytes.3); dash()
            put(bytes.4); put(bytes.5); dash()
            put(bytes.6); put(bytes.7); dash()
            put(bytes.8); put(bytes.9); dash()
            put(bytes.10); put(bytes.11); put(bytes.12); put(bytes.13); put(bytes.14); put(bytes.15)
            return at
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
