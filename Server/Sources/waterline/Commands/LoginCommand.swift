import ArgumentParser
import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Keep a session token for syncing (from `waterline-server token --apple-sub …`)."
    )

    @Option(help: "The session token. Without it (or with -) it is read from standard input, which keeps it out of the process list (`waterline-server token … | waterline login`).")
    var token: String?
    @Option(help: "The server it belongs to, e.g. http://127.0.0.1:8080 (can also be given to `sync`).")
    var server: String?

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let token = try Self.token(given: token)
        let parts = token.split(separator: ".")
        guard parts.count == 3 else { throw CLIError("that does not look like a session token (three dot-separated parts)") }
        if let server { _ = try SyncCommand.serverURL(server) }
        let file = CredentialFile(home: global.homeDirectory)
        var contents = try await file.contents()
        // The token's own expiry is read without trusting it; the server checks the signature.
        let expiresAt = Self.expiry(of: String(parts[1])) ?? Companion.now().addingTimeInterval(30 * 24 * 3600)
        guard expiresAt > Companion.now() else { throw CLIError("that session token has expired; get a new one") }
        contents.credential = StoredCredential(token: token, expiresAt: expiresAt, userId: UUID(), appleUserId: nil)
        if let server { contents.server = server }
        try await file.write(contents)
        print("Token kept in \(file.url.path)" + (contents.server.map { " for \($0)" } ?? ""))
    }

    /// The token given, or the first line of standard input (at most 16 KB read).
    static func token(given: String?) throws -> String {
        if let given, given != "-" { return given }
        let data = FileHandle.standardInput.readData(ofLength: 16 * 1024)
        let line = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let token = line.trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty else { throw CLIError("no session token: give --token, or send it on standard input") }
        return token
    }

    static func expiry(of payload: String) -> Date? {
        var base64 = payload.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let exp = object["exp"] as? Double
        else { return nil }
        return Date(timeIntervalSince1970: exp)
    }
}
