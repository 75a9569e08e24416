import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

/// The Waterline as a small vertical gauge: the centre line at 0, filled from the centre to the
/// value, the warning threshold marked. One row per whole step while that fits in
/// `maximumRows`; beyond, each row stands for several steps, so the gauge never grows past a
/// fixed height whatever the value or threshold.
enum Gauge {
    static let maximumRows = 9

    static func render(value: Double, threshold: Int) -> [String] {
        // Worked in Double: a threshold synced from elsewhere may be any integer.
        let mark = Double(threshold)
        let top = max(mark + 1, (value.rounded(.up)) + 1, 3)
        let bottom = min(-2, value.rounded(.down) - 1)
        let step = max(1, ((top - bottom) / Double(maximumRows - 1)).rounded(.up))
        let first = (top / step).rounded(.up) * step
        let last = (bottom / step).rounded(.down) * step
        var lines: [String] = []
        for level in stride(from: first, through: last, by: -step) {
            let body: String
            if level == 0 {
                body = "├─────┤ center"
            } else {
                let filled = level > 0 ? value >= level - step / 2 : value <= level + step / 2
                // The row that holds the threshold: the first at or above it.
                let warns = level > 0 && mark <= level && mark > level - step
                body = "│" + (filled ? (level > 0 ? "▓▓▓▓▓" : "░░░░░") : "     ") + "│" + (warns ? " ← warning" : "")
            }
            lines.append("\(label(level)) \(body)")
        }
        return lines
    }

    private static func label(_ level: Double) -> String {
        let whole = level.magnitude < 1e15 ? String(Int(level.magnitude)) : String(format: "%.0e", level.magnitude)
        let text = level == 0 ? "0" : (level > 0 ? "+" : "−") + whole
        return text.leftPadded(to: 5)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
