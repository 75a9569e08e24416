import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

/// The command line's `CredentialStore`: `credentials.json` in the home directory, readable by its owner only.
actor CredentialFile: CredentialStore {
    /// What is kept: the session token and the server it belongs to.
    struct Contents: Codable {
        var server: String?
        var credential: StoredCredential?
    }

    let url: URL

    init(home: URL) {
        url = home.appendingPathComponent("credentials.json")
    }

    func contents() throws -> Contents {
        guard FileManager.default.fileExists(atPath: url.path) else { return Contents() }
        return try WaterlineCoding.decoder().decode(Contents.self, from: Data(contentsOf: url))
    }

    func write(_ contents: Contents) throws {
        // A home made here is the person's alone; one that was there keeps its mode.
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let data = try WaterlineCoding.encoder().encode(contents)
        // Written to a private temporary file first, then moved into place, so the token is never
        // readable by others and never half-written.
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".credentials-\(UUID().uuidString).json")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CLIError("cannot write \(url.path)")
        }
        guard rename(temporary.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CLIError("cannot write \(url.path)")
        }
    }

    func load() throws -> StoredCredential? { try contents().credential }

    func save(_ credential: StoredCredential) throws {
        var current = try contents()
        current.credential = credential
        try write(current)
    }

    func clear() throws {
        var current = try contents()
        current.credential = nil
        try write(current)
    }
}
