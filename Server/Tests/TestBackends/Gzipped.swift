import Foundation
import NIOCore

/// Bodies a misbehaving backend sends compressed.
public enum Gzipped {
    /// What `shell` prints, gzipped by the system's `gzip` (fast: what these tests compress is
    /// mostly zeros).
    public static func output(of shell: String) throws -> ByteBuffer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(shell) | gzip -1 -c"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ByteBuffer(bytes: data)
    }

    /// 256 MB of zeros, gzipped to about 1 MB: decoded whole, it costs a quarter of a gigabyte.
    public static func bomb() throws -> ByteBuffer {
        try output(of: "head -c 268435456 /dev/zero")
    }
}
