import Foundation
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineStorage
import WaterlineSync
@testable import WaterlineServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The built `waterline-server`, killed mid-burst: what it acknowledged must be there after.
@Suite("Acknowledged writes survive a killed server")
struct CrashDurabilityTests {
    /// Starts the binary on a free port over `directory`; answers the process and its base URL.
    private func launch(_ directory: URL) throws -> (Process, URL) {
        let process = Process()
        process.executableURL = SecretsAndLeaksTests.binary
        process.arguments = ["--data-dir", directory.path, "--host", "127.0.0.1", "--port", "0"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // "waterline-server listening on http://127.0.0.1:PORT (storage: …)"
        var printed = ""
        while !printed.contains("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        let address = try #require(printed.firstMatch(of: #/http://127\.0\.0\.1:\d+/#).map { String($0.0) }, "\(printed)")
        return (process, try #require(URL(string: address)))
    }

    private func token(_ directory: URL) throws -> String {
        let process = Process()
        process.executableURL = SecretsAndLeaksTests.binary
        process.arguments = ["token", "--apple-sub", "burst", "--data-dir", directory.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return printed.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A fresh data directory, a token for it, the server running over it, a client, and a session.
    private func startWithSession() async throws -> (URL, String, Process, ConvexClient, SessionRecord) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waterline-crash-\(UUID().uuidString)")
        let token = try token(directory)
        let (server, url) = try launch(directory)
        let api = ConvexClient(baseURL: url, timeout: 30, transport: URLSessionTransport(), token: { token })
        let session = Records.session()
        _ = try await api.call(Sessions.Upsert.self, session)
        return (directory, token, server, api, session)
    }

    /// Starts the server again over `directory` and expects every acknowledged log in the session.
    private func expectKept(_ acknowledged: [UUID], in sessionId: UUID, directory: URL, token: String) async throws {
        let (restarted, restartedURL) = try launch(directory)
        defer { restarted.terminate(); restarted.waitUntilExit() }
        let after = ConvexClient(baseURL: restartedURL, timeout: 30, transport: URLSessionTransport(), token: { token })
        let kept = Set(try await after.call(LogEntries.ListForSession.self, .init(sessionId: sessionId)).map(\.id))
        let lost = acknowledged.filter { !kept.contains($0) }
        #expect(lost.isEmpty, "\(lost.count) of \(acknowledged.count) acknowledged logs were lost")
    }

    @Test("SIGKILL in the middle of 400 concurrent upserts loses none of those answered 200")
    func killMidBurst() async throws {
        let (directory, token, server, api, session) = try await startWithSession()

        let acknowledged = try await withThrowingTaskGroup(of: UUID?.self) { group in
            for index in 0..<400 {
                group.addTask {
                    let log = Records.water(session: session.id, at: Double(index) / 10)
                    do {
                        _ = try await api.call(LogEntries.Upsert.self, log)
                        return log.id
                    } catch {
                        return nil  // in flight when the server died: not acknowledged, may or may not be kept
                    }
                }
            }
            var ids: [UUID] = []
            for try await id in group {
                if let id { ids.append(id) }
                if ids.count == 120, server.isRunning { kill(server.processIdentifier, SIGKILL) }
            }
            return ids
        }
        server.waitUntilExit()
        #expect(acknowledged.count >= 120)

        try await expectKept(acknowledged, in: session.id, directory: directory, token: token)
    }

    @Test("SIGKILL in the middle of concurrent sync:push batches loses no change of a batch answered")
    func killMidPush() async throws {
        let (directory, token, server, api, session) = try await startWithSession()

        // 40 batches of 20 logs; each batch answers only once all of it is on disk.
        let acknowledged = try await withThrowingTaskGroup(of: [UUID]?.self) { group in
            for batch in 0..<40 {
                group.addTask {
                    let logs = (0..<20).map { index in Records.water(session: session.id, at: Double(batch * 20 + index) / 10) }
                    do {
                        let results = try await api.call(Sync.Push.self, .init(changes: logs.map { .logEntry($0) })).results
                        return results.allSatisfy(\.ok) && results.count == logs.count ? logs.map(\.id) : nil
                    } catch {
                        return nil  // in flight when the server died: not acknowledged
                    }
                }
            }
            var ids: [UUID] = []
            var answered = 0
            for try await batch in group {
                if let batch {
                    ids += batch
                    answered += 1
                }
                if answered == 10, server.isRunning { kill(server.processIdentifier, SIGKILL) }
            }
            return ids
        }
        server.waitUntilExit()
        #expect(acknowledged.count >= 200)

        try await expectKept(acknowledged, in: session.id, directory: directory, token: token)
    }
}
