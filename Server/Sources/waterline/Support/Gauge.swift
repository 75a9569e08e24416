import WaterlineKit

/// The Waterline as a small vertical gauge: one row per whole step, the centre line at 0,
/// filled from the centre to the value, the warning threshold marked.
enum Gauge {
    static func render(value: Double, threshold: Int) -> [String] {
        let top = max(threshold + 1, Int(value.rounded(.up)) + 1, 3)
        let bottom = min(-2, Int(value.rounded(.down)) - 1)
        var lines: [String] = []
        for level in stride(from: top, through: bottom, by: -1) {
            let label = level == 0 ? "    0" : (level > 0 ? "+\(level)" : "−\(-level)").leftPadded(to: 5)
            let filled = level > 0 ? value >= Double(level) - 0.5 : (level < 0 ? value <= Double(level) + 0.5 : false)
            let body: String
            if level == 0 {
                body = "├─────┤ center"
            } else {
                body = "│" + (filled ? (level > 0 ? "▓▓▓▓▓" : "░░░░░") : "     ") + "│" + (level == threshold ? " ← warning" : "")
            }
            lines.append("\(label) \(body)")
        }
        return lines
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
