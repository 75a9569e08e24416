import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's data directory and the secrets in it, kept to their owner.
public enum DataDirectory {
    /// Files the process creates from now on are its owner's only (the database, its journal,
    /// the key). Called first thing at start-up.
    public static func restrictNewFiles() {
        umask(0o077)
    }

    /// Creates `url` (0700), or narrows an existing one to 0700, and narrows the SQLite files in it to 0600.
    public static func prepare(_ url: URL) throws {
        let files = FileManager.default
        try files.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try files.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        for name in ["waterline.sqlite", "waterline.sqlite-wal", "waterline.sqlite-shm", "waterline.lock", SessionKeyFile.name]
        where files.fileExists(atPath: url.appendingPathComponent(name).path) {
            try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.appendingPathComponent(name).path)
        }
    }
}
