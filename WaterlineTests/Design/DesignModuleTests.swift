import Foundation
import Testing

/// The design lives in one module (`WaterlineDesign`): no Apple target names a colour, a spacing,
/// a size or a corner radius of its own, nor draws a gauge.
@Suite("One design module")
struct DesignModuleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let named = "red|orange|yellow|green|mint|teal|cyan|blue|indigo|purple|pink|brown|white|black|gray"
    /// A colour made or named in place: `Color(…)`, `UIColor(…)`, `Color.orange`, or a named
    /// colour handed straight to a modifier (`.tint(.cyan)`, `.foregroundStyle(.white)`).
    static let literal = try! NSRegularExpression(
        pattern: #"\bColor\(|\bUIColor\(|\bColor\.(\#(named))\b|\.(tint|foregroundStyle|foregroundColor|fill|background|stroke)\(\.(\#(named))\b|\?\s*\.(\#(named))\s*:\s*\.(\#(named))\b"#
    )

    /// A number written in place where the design has a token: a stack's spacing, a padding, a
    /// frame's size, a corner radius, a line's width, a symbol's point size; and a gauge drawn in
    /// place (`Gauge(…)`: `AccessoryGauges`, `WaterlineGauge`, `WatchGauge` draw them).
    static let measure = try! NSRegularExpression(
        pattern: #"\b(spacing|cornerRadius|lineWidth|size|width|height|minHeight|maxHeight|minWidth|maxWidth|idealHeight|idealWidth)(:|\s*=)\s*-?[0-9]|\.padding\((\.[A-Za-z]+,\s*)?-?[0-9]|\bGauge\("#
    )

    static func colourLiterals(under folder: URL) throws -> [String] {
        try matches(of: literal, under: folder)
    }

    static func matches(of pattern: NSRegularExpression, under folder: URL) throws -> [String] {
        var found: [String] = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
                if pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    found.append("\(url.path.replacingOccurrences(of: root.path + "/", with: "")):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        return found
    }

    @Test("no colour is named in Apps/: every one comes from the design module")
    func noColourOutside() throws {
        let found = try Self.colourLiterals(under: Self.root.appendingPathComponent("Apps"))
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("no spacing, size, radius or gauge drawing is written in Apps/: each comes from the design module")
    func noMeasureOutside() throws {
        let found = try Self.matches(of: Self.measure, under: Self.root.appendingPathComponent("Apps"))
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("the measure check sees what it looks for: the design module draws gauges and sizes them")
    func checkFindsMeasures() throws {
        let found = try Self.matches(of: Self.measure, under: Self.root.appendingPathComponent("Sources/WaterlineDesign"))
        #expect(found.contains { $0.contains("Drawings/AccessoryGauges.swift") && $0.contains("Gauge(") })
        #expect(found.contains { $0.contains("Drawings/WatchGauge.swift") && $0.contains("width: 10") })
        // UIKit's assignments too (the notification content extension's stack).
        for line in ["stack.spacing = 6", "layer.cornerRadius = 12", ".padding(8)"] {
            #expect(Self.measure.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil, "\(line)")
        }
        #expect(Self.measure.firstMatch(in: "stack.spacing = Metrics.spacingXS", range: NSRange(location: 0, length: 33)) == nil)
    }

    @Test("the check sees what it looks for: the design module itself names colours")
    func checkFindsColours() throws {
        let found = try Self.colourLiterals(under: Self.root.appendingPathComponent("Sources/WaterlineDesign"))
        #expect(found.contains { $0.contains("Colors/Palette.swift") && $0.contains("Color.black") })
        #expect(found.contains { $0.contains("Colors/Color+Token.swift") && $0.contains("UIColor(") })
    }
}
