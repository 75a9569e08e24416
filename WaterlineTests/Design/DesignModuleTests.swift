import Foundation
import Testing

/// The design lives in one module (`WaterlineDesign`): no Apple target names a colour of its own.
@Suite("One design module")
struct DesignModuleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let named = "red|orange|yellow|green|mint|teal|cyan|blue|indigo|purple|pink|brown|white|black|gray"
    /// A colour made or named in place: `Color(…)`, `UIColor(…)`, `Color.orange`, or a named
    /// colour handed straight to a modifier (`.tint(.cyan)`, `.foregroundStyle(.white)`).
    static let literal = try! NSRegularExpression(
        pattern: #"\bColor\(|\bUIColor\(|\bColor\.(\#(named))\b|\.(tint|foregroundStyle|foregroundColor|fill|background|stroke)\(\.(\#(named))\b|\?\s*\.(\#(named))\s*:\s*\.(\#(named))\b"#
    )

    static func colourLiterals(under folder: URL) throws -> [String] {
        var found: [String] = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
                if literal.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
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

    @Test("the check sees what it looks for: the design module itself names colours")
    func checkFindsColours() throws {
        let found = try Self.colourLiterals(under: Self.root.appendingPathComponent("Sources/WaterlineDesign"))
        #expect(found.contains { $0.contains("Colors/Palette.swift") && $0.contains("Color.black") })
        #expect(found.contains { $0.contains("Colors/Color+Token.swift") && $0.contains("UIColor(") })
    }
}
