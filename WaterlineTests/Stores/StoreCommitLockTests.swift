import Foundation
import Testing
@testable import WaterlineStorage
import WaterlineCore

/// The App Group store's cross-process lock (`StoreCommitLock`), as the SwiftData store uses it.
/// Two `StoreCommitLock`s opened on one file contend as two processes do (`flock` locks belong to
/// an open file, not to a process); the stalled holder is a real second process.
@Suite("The store's commit lock")
struct StoreCommitLockTests {
    /// A lock file in a fresh folder.
    static func lockPath() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("commit-lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("waterline-store.lock").path
    }

    /// One process's store: a number kept in a shared file, read into an unsaved context in a
    /// transaction's body and written by its save, as SwiftData's context is.
    actor Writer {
        let lock: StoreCommitLock
        let file: URL
        private let gate = SerialGate()
        private var context: Int?
        private(set) var bodies = 0
        private(set) var discards = 0

        init(lock: StoreCommitLock, file: URL) {
            self.lock = lock
            self.file = file
        }

        /// Adds one to the shared number; `during` runs while the body is suspended.
        func increment(during: @Sendable () async throws -> Void = {}) async throws {
            try await gate.run {
                try await lock.transaction {
                    bodies += 1
                    context = Self.read(file) + 1
                    try await during()
                    await Task.yield()
                } save: {
                    try Data(String(context ?? 0).utf8).write(to: file)
                } discard: {
                    discards += 1
                    context = nil
                }
            }
        }

        static func read(_ file: URL) -> Int {
            (try? String(contentsOf: file, encoding: .utf8)).flatMap { Int($0) } ?? 0
        }
    }

    @Test("two processes writing at once lose nothing: a transaction that lost the race runs again from fresh reads")
    func noLostWrites() async throws {
        let path = try Self.lockPath()
        let file = URL(fileURLWithPath: path + ".value")
        let phone = Writer(lock: try #require(StoreCommitLock(path: path)), file: file)
        let widget = Writer(lock: try #require(StoreCommitLock(path: path)), file: file)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in [phone, widget] {
                // Fewer each than `StoreCommitLock.attempts`: a writer loses a race only to another's
                // commit, so neither can lose every attempt, however the two are scheduled.
                group.addTask { for _ in 0..<20 { try await writer.increment() } }
            }
            try await group.waitForAll()
        }
        #expect(Writer.read(file) == 40)
        #expect(try await phone.lock.generation() == 40)
        let retried = await phone.discards + widget.discards
        #expect(await phone.bodies + widget.bodies == 40 + retried)
    }

    @Test("no lock is held while a transaction awaits: another process commits meanwhile, and this one reads again")
    func nothingHeldAcrossAwait() async throws {
        let path = try Self.lockPath()
        let file = URL(fileURLWithPath: path + ".value")
        let app = Writer(lock: try #require(StoreCommitLock(path: path)), file: file)
        // The other process's lock gives up at once if the lock is held.
        let intents = Writer(lock: try #require(StoreCommitLock(path: path, wait: .zero)), file: file)
        let once = Once()
        try await app.increment {
            if once.first() { try await intents.increment() }
        }
        #expect(Writer.read(file) == 2, "both kept: the app's body ran again over the intents' write")
        #expect(await app.bodies == 2)
        #expect(await app.discards == 1)
        #expect(try await app.lock.generation() == 2)
    }

    @Test("a body or a save that throws saves nothing and leaves the lock free")
    func failures() async throws {
        let path = try Self.lockPath()
        let lock = try #require(StoreCommitLock(path: path))
        var saved = 0, discarded = 0
        await #expect(throws: CancellationError.self) {
            try await lock.transaction { throw CancellationError() } save: { saved += 1 } discard: { discarded += 1 }
        }
        await #expect(throws: CocoaError.self) {
            try await lock.transaction { 1 } save: { throw CocoaError(.fileWriteNoPermission) } discard: { discarded += 1 }
        }
        #expect(saved == 0 && discarded == 2)
        #expect(try await lock.generation() == 0, "a failed save does not count as a commit")
        let value = try await lock.transaction { 7 } save: { saved += 1 } discard: { discarded += 1 }
        #expect(value == 7 && saved == 1 && discarded == 2)
        #expect(try await lock.generation() == 1)
    }

    @Test(
        "a stalled holder in another process cannot stall a write past the bound: busy, nothing saved; then it goes through",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock"), "util-linux's flock(1) holds the lock")
    )
    func stalledHolder() async throws {
        let path = try Self.lockPath()
        let lock = try #require(StoreCommitLock(path: path, wait: .milliseconds(300)))
        // flock(1) takes the exclusive lock and holds it while `cat` waits on its input: a process
        // that stopped holding the lock, until the pipe closes.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = ["--exclusive", path, "cat"]
        let input = Pipe()
        holder.standardInput = input
        holder.standardOutput = FileHandle.nullDevice
        try holder.run()
        defer { if holder.isRunning { holder.terminate() } }
        let probe = try #require(StoreCommitLock(path: path, wait: .zero))
        try await waitUntil { (try? await probe.generation()) == nil }

        var saved = false
        let clock = ContinuousClock()
        let started = clock.now
        await #expect(throws: SessionStoreError.busy) {
            try await lock.transaction { 1 } save: { saved = true } discard: {}
        }
        let waited = clock.now - started
        #expect(!saved)
        #expect(waited >= .milliseconds(300) && waited < .seconds(5), "bounded: \(waited)")
        #expect(SessionStoreError.busy.description.contains("nothing was saved"))

        try input.fileHandleForWriting.close()
        holder.waitUntilExit()
        let value = try await lock.transaction { 1 } save: { saved = true } discard: {}
        #expect(value == 1 && saved)
    }

    /// Polls `condition` (the other process starting) for at most ten seconds.
    func waitUntil(_ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while await !condition() {
            try #require(ContinuousClock.now < deadline, "the other process did not take the lock")
            await Task.yield()
        }
    }
}

/// True the first time only.
private final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false

    func first() -> Bool {
        lock.withLock {
            defer { done = true }
            return !done
        }
    }
}
