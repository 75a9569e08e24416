import Foundation
import Testing
import WaterlineIsolationCheck

/// One word for one thing: the code calls a tracked night out a session, as the spec and the
/// glossary (`Localization/Glossary.json`) do, so no name in code says "night" for it. The
/// product's own names stay: "Night Out", and words of the clock (midnight, tonight).
/// `PlanNightIntent` keeps its type name, which the shortcuts people have made refer to.
@Suite("Code says session")
struct SessionWordTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let folders = ["Sources", "Apps", "WaterlineTests", "Server/Sources", "Server/Tests"]
    static let allowed = try! NSRegularExpression(pattern: #"NightOut|nightOut|[Mm]idnight|[Tt]onight|^PlanNightIntent$"#)
    static let identifier = try! NSRegularExpression(pattern: #"[A-Za-z_][A-Za-z0-9_]*"#)

    /// Each identifier in `source`'s code (comments and string literals left out) that says night.
    static func namesOfTheWrongWord(in source: String) -> [String] {
        let code = String(IsolationScanner.blanking(source))
        return identifier.matches(in: code, range: NSRange(code.startIndex..., in: code)).compactMap { match in
            let name = String(code[Range(match.range, in: code)!])
            guard name.range(of: "night", options: .caseInsensitive) != nil else { return nil }
            return allowed.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) == nil ? name : nil
        }
    }

    @Test("no identifier in the Swift code names a session 'night'")
    func codeSaysSession() throws {
        var found: [String] = []
        for folder in Self.folders {
            let files = FileManager.default.enumerator(at: Self.root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = files?.nextObject() as? URL {
                guard url.pathExtension == "swift", !url.path.contains("/.build") else { continue }
                let names = Self.namesOfTheWrongWord(in: try String(contentsOf: url, encoding: .utf8))
                if !names.isEmpty { found.append("\(url.path.replacingOccurrences(of: Self.root.path + "/", with: "")): \(names.joined(separator: ", "))") }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("the check sees a name in code and in a call, and passes words in comments and strings and the product's own names")
    func checkSeesNames() {
        let planted = """
        let night = try await service.startSession()
        func endedNights() {}
        // the night's plan
        let text = "a night out"
        let start = StartNightOutIntent(), plan = PlanNightIntent(), late = acrossMidnight
        """
        #expect(Self.namesOfTheWrongWord(in: planted) == ["night", "endedNights"])
    }
}
