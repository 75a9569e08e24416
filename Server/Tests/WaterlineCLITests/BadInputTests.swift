import Foundation
import Testing

@Suite("waterline: bad input")
struct BadInputTests {
    /// A pinned clock, so the before and after snapshots differ only if the store did.
    static let evening = Date(timeIntervalSince1970: 1_795_291_200)

    /// Runs a refused command and checks: one line on stderr, non-zero exit, nothing changed.
    func expectRefused(_ cli: CLI, _ arguments: [String], mentioning words: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let before = try await cli.snapshot()
        let result = try await cli.run(arguments)
        #expect(result.status != 0, "\(arguments) succeeded", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("waterline: "), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.split(separator: "\n").count == 1, "more than one line: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.lowercased().contains(words.lowercased()), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(try await cli.snapshot() == before, "\(arguments) changed the store", sourceLocation: sourceLocation)
    }

    @Test("no active session")
    func noSession() async throws {
        let cli = CLI(now: Self.evening)
        try await expectRefused(cli, ["drink"], mentioning: "no active session")
        try await expectRefused(cli, ["water"], mentioning: "no active session")
        try await expectRefused(cli, ["end"], mentioning: "no active session")
        try await expectRefused(cli, ["undo"], mentioning: "no active session")
    }

    @Test("values out of range and unknown names", arguments: [
        (["drink", "--preset", "Absinthe"], "no preset named Absinthe"),
        (["drink", "--type", "beer", "--size", "-12", "--std", "1"], "sizeOz"),
        (["drink", "--type", "beer", "--size", "huge"], "unknown size"),
        (["drink", "--std", "11"], "standardDrinkEstimate"),
        (["water", "--oz", "0"], "amountOz"),
        (["water", "--oz", "-8"], "amountOz"),
        (["settings", "--every", "0"], "waterEveryNDrinks"),
        (["settings", "--threshold", "-1"], "warningThreshold"),
        (["settings", "--every", "9223372036854775807"], "waterEveryNDrinks"),
        (["settings", "--threshold", "100000"], "warningThreshold"),
        (["settings", "--interval", "25"], "timeReminderIntervalMinutes"),
        (["settings", "--units", "cups"], "cups"),
        (["edit", "zzzz9999", "--std", "1"], "no log"),
        (["delete", "abcdabcd"], "no log"),
        (["summary", "ffffffff"], "no session"),
        (["start"], "already active"),
        (["drink", "--preset", "Beer", "--type", "wine"], "--preset alone"),
        (["export", "--format", "xml"], "xml"),
        (["login", "--token", "nonsense"], "session token"),
    ])
    func refused(arguments: [String], words: String) async throws {
        let cli = CLI(now: Self.evening)
        _ = try await cli.run("start")
        _ = try await cli.run("drink")
        try await expectRefused(cli, arguments, mentioning: words)
    }
}
