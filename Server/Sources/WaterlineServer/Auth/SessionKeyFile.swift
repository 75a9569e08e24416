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

    /// Whether a key was made in `directory` already.
    public static func exists(in directory: URL) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path)
    }

    /// The stored key, or a new one stored for next time. A key file that exists but cannot be
    /// read or is not a P-256 key stops the server: a silent new key would sign everyone out.
    /// `writeAll` is how the bytes are written (a test makes it fail as a full disk would).
    static func loadOrCreate(in directory: URL, writeAll: (Int32, [UInt8]) -> Bool = Descriptor.writeAll) throws -> String {
        try DataDirectory.prepare(directory)
        let file = directory.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: file.path) {
            // Empty: an earlier version's write failed (a full disk) before any token was signed
            // with it, so there is nothing to restore; it is made again.
            guard (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) == 0 else { return try read(file) }
            try? FileManager.default.removeItem(at: file)
        }
        let created = ES256PrivateKey().pemRepresentation
        // Written whole to a file of its own, then linked in under the key's name in one step:
        // the key file is either absent or complete (a full disk leaves no empty key behind),
        // and `link` refuses to replace a key a server starting alongside put there first.
        let temporary = directory.appendingPathComponent(".\(name).\(getpid()).\(UInt32.random(in: 0 ... .max))")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            throw FunctionError(.internal, "could not create the signing key in \(directory.path): \(String(cString: strerror(errno)))")
        }
        defer { unlink(temporary.path) }
        let written = writeAll(descriptor, Array(created.utf8)) && fsync(descriptor) == 0
        let failure = errno
        close(descriptor)
        guard written else {
            throw FunctionError(.internal, "could not write the signing key in \(directory.path): \(String(cString: strerror(failure)))")
        }
        guard link(temporary.path, file.path) == 0 else {
            if errno == EEXIST { return try read(file) }
            throw FunctionError(.internal, "could not store the signing key \(file.path): \(String(cString: strerror(errno)))")
        }
        // The new name reaches the disk with the directory.
        let folder = open(directory.path, O_RDONLY)
        if folder >= 0 {
            fsync(folder)
            close(folder)
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
