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

    /// Creates `url` (0700) when it does not exist, and narrows the server's own files in it to
    /// 0600. An existing directory keeps its mode: it is the operator's (`--data-dir ~` or `/srv`
    /// must not be locked down), and the files that matter are the owner's alone either way.
    public static func prepare(_ url: URL) throws {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if !files.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            try files.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            // The mode asked for, whatever the umask made of it.
            try files.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        } else if !isDirectory.boolValue {
            throw FunctionError(.invalidArgument, "the data directory \(url.path) is a file, not a directory")
        }
        for name in ["waterline.sqlite", "waterline.sqlite-wal", "waterline.sqlite-shm", "waterline.lock", SessionKeyFile.name]
        where files.fileExists(atPath: url.appendingPathComponent(name).path) {
            try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.appendingPathComponent(name).path)
        }
    }
}
