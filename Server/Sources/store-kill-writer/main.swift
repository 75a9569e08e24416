// Writes half of one action to a store and waits to be killed: the CLI tests' proof that a
// process killed between two saves of one transaction leaves nothing behind (the session saved
// first must not remain without the log that was to follow it). Not a tool for people.
// Usage: store-kill-writer <store path>   (prints "between" after the first save, then waits on
// standard input, which the test keeps open until it has killed this process)
import Foundation
import WaterlineCore
import WaterlineStorage
import WaterlineSQLiteStore

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: store-kill-writer <store path>\n".utf8))
    exit(2)
}
let store = try await SQLiteSessionStore.open(path: CommandLine.arguments[1])
let start = Date(timeIntervalSince1970: 1_800_000_000)
let session = Session(id: UUID(uuidString: "0000000A-0000-4000-8000-00000000000A")!, userId: UUID(), startTime: start, updatedAt: start)
let log = LogEntry.water(id: UUID(uuidString: "0000000B-0000-4000-8000-00000000000B")!, sessionId: session.id, at: start, amountOz: 8)
try await store.transaction(writes: true) {
    try await StoreRules.saveSession(session, in: store)
    // Unbuffered, so the test reads it now.
    FileHandle.standardOutput.write(Data("between\n".utf8))
    // Killed here, before the second save.
    _ = readLine()
    try await StoreRules.saveLog(log, in: store)
}
