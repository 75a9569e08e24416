import Foundation
import Testing
import WaterlineCore
import WaterlineTestSupport

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
            // A type per file, named for it; past V1, for its version too, since SwiftPM needs each
            // file name once in a module.
            #expect(file == (version == "V1" ? "\(name).swift" : "\(namespace)+\(name).swift"), "a type per file, named for it")
            return (String(name), String(namespace))
        }
    }

    /// The version folders, oldest first.
    func versions() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Self.schema.path).filter { $0.hasPrefix("V") }
            .sorted { Int($0.dropFirst()) ?? 0 < Int($1.dropFirst()) ?? 0 }
    }

    @Test("every version's models are declared in its schema, listed in its models, and the newest version's are the current ones")
    func eachVersion() throws {
        let versions = try versions()
        #expect(versions == ["V1", "V2"])
        let current = try text("CurrentModels.swift")
        for version in versions {
            let models = try models(in: version)
            #expect(models.count == 7, "\(version) has every model: a version's relationships name its own classes")
            let listed = try #require(try text("WaterlineSchema\(version).swift").firstMatch(of: /models: \[any PersistentModel.Type\] \{\s*\[([^\]]+)\]/)?.1)
                .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ".self", with: "") }
            #expect(Set(listed) == Set(models.map(\.name)) && listed.count == models.count)
            for model in models {
                #expect(model.namespace == "WaterlineSchema\(version)")
                #expect(current.contains("public typealias \(model.name) = WaterlineSchema\(version).\(model.name)\n") == (version == versions.last))
            }
        }
        let container = try String(contentsOf: Self.schema.deletingLastPathComponent().appendingPathComponent("WaterlineContainer.swift"), encoding: .utf8)
        #expect(container.contains("Schema(versionedSchema: WaterlineSchema\(try #require(versions.last)).self)"))
    }

    @Test("V2 is V1 with the session's plan: the one column the lightweight stage adds")
    func versionTwo() throws {
        for model in try models(in: "V1") where model.name != "SessionRow" {
            let one = try text("V1/\(model.name).swift"), two = try text("V2/WaterlineSchemaV2+\(model.name).swift")
            #expect(one.replacingOccurrences(of: "extension WaterlineSchemaV1 {", with: "extension WaterlineSchemaV2 {") == two, "\(model.name) is unchanged")
        }
        let session = try text("V2/WaterlineSchemaV2+SessionRow.swift")
        #expect(session.contains("public var plannedDrinks: Int?") && session.contains("plannedDrinks = value.plannedDrinks"))
        #expect(try text("WaterlineMigrationPlan.swift").contains(".lightweight(fromVersion: WaterlineSchemaV1.self, toVersion: WaterlineSchemaV2.self)"))
    }

    @Test("the current SessionRow and PresetRow keep a column for every field of their record, and write and read it: a field the rows drop is lost on the phone")
    func everyFieldHasAColumn() throws {
        let newest = try #require(try versions().last)
        let rows: [(model: String, fields: [String])] = [
            ("SessionRow", Mirror(reflecting: Session.mockNightOut.record).children.compactMap(\.label)),
            ("PresetRow", Mirror(reflecting: DrinkPreset.mockDouble.record).children.compactMap(\.label)),
        ]
        // A column named otherwise than its field: the summary is kept as JSON.
        let columns = ["computedSummary": "summaryJSON"]
        for (model, fields) in rows {
            let source = try text("\(newest)/WaterlineSchema\(newest)+\(model).swift")
            #expect(fields.count >= 8)
            for field in fields {
                let column = columns[field] ?? field
                #expect(source.contains("public var \(column)"), "\(model) has no column for \(field)")
                #expect(source.contains("\(column) = value.\(field)"), "\(model) does not write \(field)")
                #expect(source.contains("\(field): "), "\(model) does not read \(field) back")
            }
        }
    }

    @Test("the migration plan lists every version folder, oldest first")
    func plan() throws {
        let folders = try versions()
        let plan = try text("WaterlineMigrationPlan.swift")
        let schemas = try #require(plan.firstMatch(of: /schemas: \[any VersionedSchema.Type\] \{ \[([^\]]*)\] \}/)?.1)
        #expect(schemas.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } == folders.map { "WaterlineSchema\($0).self" })
    }
}
