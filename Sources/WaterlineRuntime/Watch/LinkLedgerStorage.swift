import Foundation

/// Where one end of the watch link keeps what it has handed the other end, across its app's
/// launches: the phone, the place in its feed it has delivered up to; the watch, the changes it
/// has transferred and the phone has not yet said it took. Both apps are started and ended by the
/// system many times a session, so this outlives every process (`FileLedgerStorage` on a device).
public protocol LinkLedgerStorage: Sendable {
    /// The bytes last saved, with what was appended since; nil when nothing was.
    func load() -> Data?
    /// Replaces everything kept.
    func save(_ data: Data)
    /// Adds after what is kept: a ledger that changes by one entry at a time costs that entry,
    /// not the whole ledger (`WatchTransfers` writes one line a change).
    func append(_ data: Data)
}

/// A ledger kept in one file of the app's own container, replaced whole on each save.
public struct FileLedgerStorage: LinkLedgerStorage {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// The file named `name` in the app's Application Support folder (made if missing).
    public static func applicationSupport(named name: String) -> FileLedgerStorage {
        let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return FileLedgerStorage(url: folder.appendingPathComponent(name))
    }

    public func load() -> Data? {
        try? Data(contentsOf: url)
    }

    public func save(_ data: Data) {
        // Atomically, so a process ended mid-write leaves the last whole ledger.
        try? data.write(to: url, options: .atomic)
    }

    public func append(_ data: Data) {
        guard let handle = try? FileHandle(forWritingTo: url) else { return save(data) }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: data)
    }
}

/// A ledger in memory, for a process that keeps none between launches (the command line's
/// tests, the benchmark) and for tests, where one instance stands for the device's file.
public final class MemoryLedgerStorage: LinkLedgerStorage, @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?

    public init() {}

    public func load() -> Data? {
        lock.withLock { data }
    }

    public func save(_ data: Data) {
        lock.withLock { self.data = data }
    }

    public func append(_ data: Data) {
        // In place: the kept bytes are not copied for each line.
        lock.withLock {
            if self.data == nil { self.data = data } else { self.data?.append(data) }
        }
    }
}
