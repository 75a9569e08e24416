import Foundation
import Testing

/// What `waterline` leaves on disk and in the process list is the person's alone.
@Suite("waterline: files and tokens kept private")
struct PrivacyTests {
    func mode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("the store is 0600 in a home made 0700; a store an older version left open is narrowed; a folder that was there keeps its mode")
    func modes() async throws {
        let cli = CLI()
        #expect(try await cli.run("start").status == 0)
        let store = cli.home.appendingPathComponent("waterline.sqlite")
        #expect(try mode(store) == 0o600)
        #expect(try mode(cli.home) == 0o700)

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cli.home.path)
        #expect(try await cli.run("water").status == 0)
        #expect(try mode(store) == 0o600)
        #expect(try mode(cli.home) == 0o755, "the person's own choice for their folder (a shared one like /tmp must stay open)")

        // A shared folder given as the home (as --home /tmp would): its mode is left alone.
        let shared = FileManager.default.temporaryDirectory.appendingPathComponent("waterline-shared-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o1777])
        defer { try? FileManager.default.removeItem(at: shared) }
        #expect(try await cli.run("start", "--home", shared.path).status == 0)
        #expect(try mode(shared) & 0o7777 == 0o1777)
        #expect(try mode(shared.appendingPathComponent("waterline.sqlite")) == 0o600)
    }

    @Test("login reads the token from standard input, so it never shows in the process list")
    func tokenOnStandardInput() async throws {
        let cli = CLI()
        // A well-formed token (three parts; the payload's exp far ahead); the server checks the rest.
        let payload = Data(#"{"exp":4102444000}"#.utf8).base64EncodedString()
            .replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        let token = "eyJhbGciOiJFUzI1NiJ9.\(payload).c2ln"
        let kept = try await cli.run("login", "--server", "http://127.0.0.1:9", input: token + "\n")
        #expect(kept.status == 0, "\(kept.stderr)")
        let file = try String(contentsOf: cli.home.appendingPathComponent("credentials.json"), encoding: .utf8)
        #expect(file.contains(token))
        #expect(try mode(cli.home) == 0o700, "a home made by login is private too")
        let empty = try await CLI().run("login", input: "")
        #expect(empty.status != 0 && empty.stderr.contains("standard input"))
    }
}
