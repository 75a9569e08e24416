import Foundation
import WaterlineKit

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
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try WaterlineCoding.encoder().encode(contents).write(to: url, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
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
