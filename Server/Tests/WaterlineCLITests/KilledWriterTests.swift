import Foundation
import Testing
import WaterlineCore
import WaterlineStorage
import WaterlineSQLiteStore

/// A process killed between two saves of one action leaves no half of it: the store on the next
/// open holds neither the session nor its log, and works.
@Suite("waterline's store: a writer killed mid-action")
struct KilledWriterTests {
    static let writer: URL = CLI.binary.deletingLastPathComponent().appendingPathComponent("store-kill-writer")

    @Test("killed after the session was saved and before its log: neither is there, nothing is queued, the store works")
    func killedBetweenSaves() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("waterline-kill-\(UUID().uuidString)")
        let path = folder.appendingPathComponent("store.sqlite").path
        let process = Process()
        process.executableURL = Self.writer
        process.arguments = [path]
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        // Read until the writer says it is between the two saves (or ends, which fails below).
        let said = await output.text(until: "between")
        #expect(said.contains("between"), "the writer reached the middle of its action")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationReason == .uncaughtSignal)

        let store = try await SQLiteSessionStore.open(path: path)
        let sessionId = UUID(uuidString: "0000000A-0000-4000-8000-00000000000A")!
        #expect(try await store.session(id: sessionId) == nil, "the session saved first did not outlive the kill")
        #expect(try await store.log(id: UUID(uuidString: "0000000B-0000-4000-8000-00000000000B")!) == nil)
        #expect(try await store.pendingChanges().isEmpty, "and nothing was queued for it")
        #expect(store.damage == nil)
        try await store.saveSession(Session(id: sessionId, userId: UUID(), startTime: Date(timeIntervalSince1970: 1_800_000_000), updatedAt: Date(timeIntervalSince1970: 1_800_000_000)))
        #expect(try await store.session(id: sessionId) != nil, "the store takes the next write")
        await store.close()
        try? FileManager.default.removeItem(at: folder)
    }
}
