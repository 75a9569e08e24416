import Foundation
import JWTKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The session tokens' signing key kept in the data directory when none is configured.
public enum SessionKeyFile {
    static let name = "session-signing-key.pem"

    /// The stored key, or a new one stored for next time. A key file that exists but cannot be
    /// read or is not a P-256 key stops the server: a silent new key would sign everyone out.
    /// Whether a key was made in `directory` already.
    public static func exists(in directory: URL) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path)
    }

    static func loadOrCreate(in directory: URL) throws -> String {
        try DataDirectory.prepare(directory)
        let file = directory.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: file.path) { return try read(file) }
        let created = ES256PrivateKey().pemRepresentation
        // O_EXCL: created 0600 in one step, and a server starting alongside never overwrites it.
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST { return try read(file) }
            throw FunctionError(.internal, "could not create the signing key \(file.path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let bytes = Array(created.utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count, fsync(descriptor) == 0 else {
            throw FunctionError(.internal, "could not write the signing key \(file.path): \(String(cString: strerror(errno)))")
        }
        return created
    }

    private static func read(_ file: URL) throws -> String {
        let pem: String
        do {
            pem = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw FunctionError(.internal, "the signing key \(file.path) exists but cannot be read (\(error.localizedDescription)); fix its permissions or restore it (a new key would sign everyone out)")
        }
        guard (try? ES256PrivateKey(pem: pem)) != nil else {
            throw FunctionError(.internal, "the signing key \(file.path) is not a P-256 private key in PEM; restore it, or remove it to start over (which signs everyone out)")
        }
        return pem
    }
}
