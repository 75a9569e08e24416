import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineRuntime
import WaterlineTestSupport

/// The watch's ledger of what it transferred to its phone: each change once, kept across the
/// watch app's processes as a journal, a step costing its own changes.
@Suite("The watch's transfers ledger")
struct WatchTransfersTests {
    /// A link that only records what it was asked to transfer and cancel.
    final class RecordingLink: PhoneLink, @unchecked Sendable {
        private let lock = NSLock()
        private var sent: [LinkRequest] = []
        private var cancels: [SyncPayload] = []
        var transferred: [LinkRequest] { lock.withLock { sent } }
        var cancelled: [SyncPayload] { lock.withLock { cancels } }
        func send(_ request: LinkRequest) async throws -> LinkAnswer { throw ConvexError.offline("not in front") }
        func transfer(_ requests: [LinkRequest], cancelling: [SyncPayload]) async {
            lock.withLock {
                sent += requests
                cancels += cancelling
            }
        }
    }

    static func water(_ number: Int, edited: Int = 0) -> SyncPayload {
        .logEntry(LogEntry(id: UUID(number: number), sessionId: UUID(number: 1), timestamp: Fixed.start, type: .water,
                           waterMeta: WaterMeta(amountOz: 8 + Double(edited)), source: .watch, updatedAt: Fixed.start.addingTimeInterval(Double(edited))))
    }

    @Test("a change handed over is not transferred again by any later push, in this process or the next; taken, it leaves the ledger")
    func eachOnce() async throws {
        let storage = MemoryLedgerStorage(), link = RecordingLink()
        let first = WatchTransfers(storage: storage)
        #expect(await first.queue([Self.water(1), Self.water(2)], on: link) == 2)
        #expect(await first.queue([Self.water(1), Self.water(2), Self.water(3)], on: link) == 1, "only the new one")
        let next = WatchTransfers(storage: storage)
        #expect(await next.waiting == [Self.water(1), Self.water(2), Self.water(3)], "the ledger outlives the process")
        #expect(await next.queue([Self.water(1), Self.water(2), Self.water(3)], on: link) == 0)
        #expect(await next.taken([Self.water(2), Self.water(9)]) == [Self.water(2)])
        #expect(await WatchTransfers(storage: storage).waiting == [Self.water(1), Self.water(3)])
        #expect(link.transferred.count == 3)
    }

    @Test("an edit replaces its waiting version: the older is cancelled, the newer goes")
    func editReplaces() async throws {
        let storage = MemoryLedgerStorage(), link = RecordingLink()
        let transfers = WatchTransfers(storage: storage)
        await transfers.queue([Self.water(1)], on: link)
        await transfers.queue([Self.water(1, edited: 1)], on: link)
        #expect(link.cancelled == [Self.water(1)])
        #expect(await WatchTransfers(storage: storage).waiting == [Self.water(1, edited: 1)])
    }

    @Test("the journal is written a step at a time and made whole again once long; a line cut short by a process ended mid-write is passed over")
    func journal() async throws {
        let storage = MemoryLedgerStorage(), link = RecordingLink()
        let transfers = WatchTransfers(storage: storage)
        for number in 1...40 {
            await transfers.queue([Self.water(number)], on: link)
            await transfers.taken([Self.water(number)])
        }
        await transfers.queue([Self.water(100)], on: link)
        let lines = (storage.load() ?? Data()).split(separator: UInt8(ascii: "\n")).count
        #expect(lines <= 17, "made whole again: \(lines) lines for one entry")
        storage.append(Data(#"{"handed":[{"entity":"logE"#.utf8))
        #expect(await WatchTransfers(storage: storage).waiting == [Self.water(100)])
    }

    @Test("a file ledger appends, and replaces whole")
    func fileAppends() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("waterline-journal-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let file = FileLedgerStorage(url: url)
        file.append(Data("a\n".utf8))
        file.append(Data("b\n".utf8))
        #expect(file.load() == Data("a\nb\n".utf8))
        file.save(Data("c\n".utf8))
        #expect(FileLedgerStorage(url: url).load() == Data("c\n".utf8))
    }
}

@Suite("The transfer queue's rules")
struct TransferQueueTests {
    static func log(_ number: Int, version: Int = 0) -> SyncPayload { WatchTransfersTests.water(number, edited: version) }

    static func session(version: Int) -> SyncPayload {
        .session(SessionRecord(id: UUID(number: 1), startTime: Fixed.start, isActive: true, updatedAt: Fixed.start.addingTimeInterval(Double(version))))
    }

    @Test("the very version waiting is not queued again; a log's older version is cancelled; a session's older version stays ahead of its logs")
    func rules() {
        var queue = TransferQueue()
        #expect(queue.add([Self.session(version: 0), Self.log(1)]).transfer == [Self.session(version: 0), Self.log(1)])
        #expect(queue.add([Self.session(version: 0), Self.log(1)]).transfer.isEmpty)
        let edit = queue.add([Self.log(1, version: 1)])
        #expect(edit.cancel == [Self.log(1)] && edit.transfer == [Self.log(1, version: 1)])
        let ended = queue.add([Self.session(version: 1)])
        #expect(ended.cancel.isEmpty, "the session as started stays: its logs need it first")
        #expect(queue.waiting == [Self.session(version: 0), Self.log(1, version: 1), Self.session(version: 1)])
        let both = queue.add([Self.log(2), Self.log(2, version: 1)])
        #expect(both.transfer == [Self.log(2, version: 1)] && both.cancel.isEmpty, "a version replaced within one batch is never sent")
    }

    @Test("taking what the phone has leaves the rest in order, however many came and went")
    func take() {
        var queue = TransferQueue()
        _ = queue.add((1...100).map { Self.log($0) })
        #expect(queue.take((1...90).map { Self.log($0) } + [Self.log(500)]).count == 90)
        #expect(queue.waiting == (91...100).map { Self.log($0) })
        #expect(queue.count == 10)
        #expect(queue.add([Self.log(95)]).transfer.isEmpty)
        #expect(queue.add([Self.log(5)]).transfer == [Self.log(5)], "taken: a later push of it is a new transfer")
    }
}
