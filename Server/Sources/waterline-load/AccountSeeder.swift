import Foundation
import Logging
import WaterlineAPI
import WaterlineCore
import WaterlineServer

/// Creates load-test accounts straight in a server's storage (SQLite in the data directory, or
/// PostgreSQL): each with a session token and a running session, written as `token sessionId`
/// lines for the wrk script. The token is signed with the data directory's key, which a server
/// given the same directory uses too.
enum AccountSeeder {
    static func seed(count: Int, dataDirectory: URL, databaseURL: String? = nil, into file: URL) async throws {
        var logger = Logger(label: "waterline-load")
        logger.logLevel = .error
        let configuration = ServerConfiguration(dataDirectory: dataDirectory, databaseURL: databaseURL)
        let database = try await Database.open(configuration, logger: logger)
        do {
            let context = try await makeServerContext(configuration: configuration, database: database)
            var lines: [String] = []
            let now = Date().roundedToMilliseconds
            for number in 0..<count {
                let user = try await context.repository.findOrCreateUser(appleSub: "load-\(number)", now: now)
                let caller = Caller(userId: user.id)
                let session = SessionRecord(id: UUID(), startTime: now.addingTimeInterval(-60), isActive: true, updatedAt: now)
                var stored = try await context.repository.activeSession(for: caller)
                if stored == nil { stored = try await context.repository.upsertSession(session, for: caller) }
                guard let stored else { continue }
                lines.append("\(try await context.tokens.issue(for: user.id).token) \(stored.id.uuidString.lowercased())")
            }
            try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
            try await database.shutdown()
        } catch {
            try? await database.shutdown()
            throw error
        }
    }
}
