import Foundation
import Testing

/// The SwiftData schema's lists, read from the source on every platform (SwiftData itself exists
/// only on Apple's): a model file that is in no version's list, or a version the plan leaves out,
/// would be a store that cannot open after the next release.
@Suite("SwiftData schema lists")
struct SchemaListTests {
    static let schema = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/WaterlineData/Schema")

    func text(_ name: String) throws -> String {
        try String(contentsOf: Self.schema.appendingPathComponent(name), encoding: .utf8)
    }

    /// The `@Model` classes in a version's folder, with the extension each is declared in.
    func models(in version: String) throws -> [(name: String, namespace: String)] {
        let folder = Self.schema.appendingPathComponent(version)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted().map { file in
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let name = try #require(source.firstMatch(of: /@Model\s+public final class (\w+)/)?.1)
            let namespace = try #require(source.firstMatch(of: /extension (\w+) \{/)?.1)
            #expect(file == "\(name).swift", "a type per file, named for it")
            return (String(name), String(namespace))
        }
    }

    @Test("every V1 model is declared in WaterlineSchemaV1, listed in its models, and is the current one")
    func versionOne() throws {
        let models = try models(in: "V1")
        #expect(models.count == 7)
        let listed = try #require(try text("WaterlineSchemaV1.swift").firstMatch(of: /models: \[any PersistentModel.Type\] \{\s*\[([^\]]+)\]/)?.1)
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ".self", with: "") }
        #expect(Set(listed) == Set(models.map(\.name)) && listed.count == models.count)
        let current = try text("CurrentModels.swift")
        for model in models {
            #expect(model.namespace == "WaterlineSchemaV1")
            #expect(current.contains("public typealias \(model.name) = WaterlineSchemaV1.\(model.name)\n"))
        }
    }

    @Test("the migration plan lists every version folder, oldest first")
    func plan() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.schema.path).filter { $0.hasPrefix("V") }
            .sorted { Int($0.dropFirst()) ?? 0 < Int($1.dropFirst()) ?? 0 }
        let plan = try text("WaterlineMigrationPlan.swift")
        let schemas = try #require(plan.firstMatch(of: /schemas: \[any VersionedSchema.Type\] \{ \[([^\]]*)\] \}/)?.1)
        #expect(schemas.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } == folders.map { "WaterlineSchema\($0).self" })
    }
}
