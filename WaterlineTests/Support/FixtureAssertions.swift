import Foundation
import Testing
import WaterlineCore
import WaterlineAPI
import WaterlineStorage
import WaterlineSync
import WaterlineRuntime
import WaterlineScreens

/// Pins a value's JSON to a committed fixture: the fixture must decode to the value, and the
/// value must encode to the same JSON. `WATERLINE_RECORD_FIXTURES=1 swift test` rewrites the
/// fixtures from the mocks; review the diff before committing it.
enum FixtureAssertions {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func check<Value: Codable & Equatable>(
        _ value: Value, matches name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let encoded = try WaterlineCoding.encoder().encode(value)
        if ProcessInfo.processInfo.environment["WATERLINE_RECORD_FIXTURES"] == "1" {
            try (encoded + Data("\n".utf8)).write(to: directory.appendingPathComponent("\(name).json"))
        }
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"),
            "missing fixture \(name).json", sourceLocation: sourceLocation
        )
        let stored = try Data(contentsOf: url)
        let decoded = try WaterlineCoding.decoder().decode(Value.self, from: stored)
        #expect(decoded == value, "\(name).json no longer decodes to the mock", sourceLocation: sourceLocation)
        #expect(try jsonObject(encoded) == jsonObject(stored), "the mock no longer encodes to \(name).json", sourceLocation: sourceLocation)
    }

    static func jsonObject(_ data: Data) throws -> NSObject {
        try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as! NSObject
    }
}
