import Foundation
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineStorage
import WaterlineSync
@testable import WaterlineServer

/// What the server keeps to itself: its files, its key, its database password, its errors.
@Suite("Files, keys and what errors say")
struct SecretsAndLeaksTests {
    /// The built `waterline-server`: in the build folder that holds the test bundle.
    static let binary: URL = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0])
        let folders = sequence(first: bundle.deletingLastPathComponent()) { $0.pathComponents.count > 1 ? $0.deletingLastPathComponent() : nil }
        return folders.prefix(5).map { $0.appendingPathComponent("waterline-server") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? URL(fileURLWithPath: "waterline-server")
    }()

    func server(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stdout, stderr)
    }

    func permissions(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    func freshDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("waterline-secrets-\(UUID().uuidString)")
    }

    @Test("the binary links no system libsqlite3: the package builds its own")
    func noSystemSQLite() throws {
        let ldd = URL(fileURLWithPath: "/usr/bin/ldd")
        try #require(FileManager.default.isExecutableFile(atPath: ldd.path), "ldd is needed to read the binary's libraries")
        let process = Process()
        process.executableURL = ldd
        process.arguments = [Self.binary.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let libraries = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(libraries.contains("libc.so"), "ldd read waterline-server")
        #expect(!libraries.contains("libsqlite3"), "waterline-server links the system SQLite:\n\(libraries)")
    }

    @Test("with PostgreSQL and no signing key given or kept, `token` refuses instead of signing with a key of its own")
    func tokenNeedsTheSharedKey() throws {
        let directory = freshDirectory()
        let refused = try server(["token", "--apple-sub", "me", "--data-dir", directory.path, "--database-url", "postgres://nobody@127.0.0.1:9/none"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("WATERLINE_SIGNING_KEY"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("session-signing-key.pem").path), "no key made")
    }

    @Test("a data directory the server makes is 0700, the database and the key 0600, from the first byte")
    func filePermissions() throws {
        let directory = freshDirectory()
        let issued = try server(["token", "--apple-sub", "me", "--data-dir", directory.path])
        #expect(issued.status == 0, "\(issued.stderr)")
        #expect(try permissions(directory) == 0o700)
        #expect(try permissions(directory.appendingPathComponent("waterline.sqlite")) == 0o600)
        #expect(try permissions(directory.appendingPathComponent("session-signing-key.pem")) == 0o600)
        // Files left open by an older version are narrowed at the next start; the directory,
        // once it exists, is the operator's and keeps its mode (`--data-dir ~` must not be locked down).
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: directory.appendingPathComponent("waterline.sqlite").path)
        #expect(try server(["token", "--apple-sub", "me", "--data-dir", directory.path]).status == 0)
        #expect(try permissions(directory) == 0o755)
        #expect(try permissions(directory.appendingPathComponent("waterline.sqlite")) == 0o600)
    }

    @Test("an existing directory given as --data-dir keeps its mode")
    func existingDirectoryKeepsItsMode() throws {
        let directory = freshDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o751])
        try DataDirectory.prepare(directory)
        #expect(try permissions(directory) == 0o751)
        let file = freshDirectory()
        try Data().write(to: file)
        #expect(throws: FunctionError.self) { try DataDirectory.prepare(file) }
    }

    @Test("a key write that fails (a full disk) leaves no key file behind, and the next start makes one")
    func keyWrittenWholeOrNotAtAll() throws {
        let directory = freshDirectory()
        #expect(throws: FunctionError.self) { try SessionKeyFile.loadOrCreate(in: directory, writeAll: { _, _ in false }) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("signing-key") }.isEmpty, "no key, no half-written temporary")
        let made = try SessionKeyFile.loadOrCreate(in: directory)
        #expect(try SessionKeyFile.loadOrCreate(in: directory) == made)
    }

    @Test("an empty key file (an older version's failed write) is made again instead of stopping every start")
    func emptyKeyFile() throws {
        let directory = freshDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data().write(to: directory.appendingPathComponent("session-signing-key.pem"))
        let issued = try server(["token", "--apple-sub", "me", "--data-dir", directory.path])
        #expect(issued.status == 0, "\(issued.stderr)")
        #expect(try SessionTokens.loadOrCreateKey(pem: nil, in: directory).contains("PRIVATE KEY"))
    }

    @Test("`token` while the server runs on the directory says how to get one, and the quick start's order works")
    func tokenBesideARunningServer() async throws {
        let directory = freshDirectory()
        // The README's order: the token first, then the server, which takes it.
        let issued = try server(["token", "--apple-sub", "me", "--data-dir", directory.path])
        #expect(issued.status == 0, "\(issued.stderr)")
        let running = try await TestServer.start(dataDirectory: directory)
        let token = issued.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try await running.client(token: token).call(Users.Me.self).settings.waterEveryNDrinks >= 1)
        let refused = try server(["token", "--apple-sub", "me", "--data-dir", directory.path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("held by a running waterline-server"), "\(refused.stderr)")
        #expect(refused.stderr.contains("Stop the server, run `token`"))
        await running.stop()
    }

    @Test("a key that cannot be read, or is not a key, stops the server instead of signing everyone out")
    func unreadableKey() throws {
        let directory = freshDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("session-signing-key.pem"), withIntermediateDirectories: true)
        let unreadable = try server(["token", "--apple-sub", "me", "--data-dir", directory.path])
        #expect(unreadable.status != 0)
        #expect(unreadable.stderr.contains("cannot be read"), "\(unreadable.stderr)")

        let other = freshDirectory()
        #expect(try server(["token", "--apple-sub", "me", "--data-dir", other.path]).status == 0)
        let key = other.appendingPathComponent("session-signing-key.pem")
        try Data("not a key".utf8).write(to: key)
        let garbage = try server(["token", "--apple-sub", "me", "--data-dir", other.path])
        #expect(garbage.status != 0)
        #expect(garbage.stderr.contains("not a P-256 private key"), "\(garbage.stderr)")
        #expect(try String(contentsOf: key, encoding: .utf8) == "not a key", "the file was left for the operator")
    }

    @Test("the key is kept across starts")
    func keyKept() throws {
        let directory = freshDirectory()
        let first = try SessionTokens.loadOrCreateKey(pem: nil, in: directory)
        #expect(try SessionTokens.loadOrCreateKey(pem: nil, in: directory) == first)
    }

    @Test("a database URL's password is never repeated back")
    func redactedURL() throws {
        #expect(DatabaseURL.redacted("postgres://waterline:hunter2@db:5432/waterline") == "postgres://waterline:***@db:5432/waterline")
        #expect(!DatabaseURL.redacted("hunter2").contains("hunter2"))
        let refused = try server(["--database-url", "mysql://root:hunter2@db/waterline", "--data-dir", freshDirectory().path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--database-url must start with postgres://"))
        #expect(!refused.stderr.contains("hunter2"), "\(refused.stderr)")
        #expect(try server(["serve", "--help"]).stdout.contains("--apple-jwks-url"), "the flag is spelled as documented")
    }

    @Test("a trusted proxy that is not an IP address stops the server at start, naming it")
    func badTrustedProxy() throws {
        let refused = try server(["--trusted-proxy", "proxy.example", "--port", "0", "--data-dir", freshDirectory().path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--trusted-proxy: proxy.example is not an IP address"), "\(refused.stderr)")
        #expect(try server(["serve", "--help"]).stdout.contains("--trusted-proxy"))
    }

    @Test("when Apple's keys cannot be fetched, a caller hears that, not the reason")
    func appleOutage() async throws {
        let apple = FakeApple()
        await apple.setOutage(URLError(.secureConnectionFailed, userInfo: [NSURLErrorFailingURLErrorKey: URL(string: "https://internal-proxy.example:3128/keys")!]))
        let server = try await TestServer.start(apple: apple)
        await #expect { try await server.signIn() } throws: { error in
            guard case ConvexError.function(let message, let code) = error else { return false }
            return code == "INTERNAL" && message == "Apple's signing keys could not be fetched; try again shortly"
        }
        await server.stop()
    }
}
