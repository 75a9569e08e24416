/// Text a caller chose, made safe for one log line: control characters (newlines, ESC and the
/// terminal escapes it starts, DEL, C1 controls) and backslashes are written as escapes, so a
/// caller cannot forge a line or repaint an operator's terminal; and it is cut at `limit`
/// characters, so it cannot fill the log.
enum LogText {
    static let limit = 120

    static func escaped(_ text: String, limit: Int = LogText.limit) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            guard count < limit else {
                out += "…"
                break
            }
            count += 1
            switch scalar.value {
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029:
                out += "\\u{\(String(scalar.value, radix: 16))}"
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
