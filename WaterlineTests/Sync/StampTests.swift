import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Merge stamps and pending changes")
struct StampTests {
    @Test("last write wins; a tie keeps what is there; deleting is final")
    func stamps() {
        let live = Stamp(updatedAt: Fixed.at(minutes: 10), deletedAt: nil)
        #expect(live.isReplaced(by: Stamp(updatedAt: Fixed.at(minutes: 11), deletedAt: nil)))
        #expect(!live.isReplaced(by: Stamp(updatedAt: Fixed.at(minutes: 10), deletedAt: nil)))
        #expect(!live.isReplaced(by: Stamp(updatedAt: Fixed.at(minutes: 9), deletedAt: nil)))
        #expect(live.isReplaced(by: Stamp(updatedAt: Fixed.at(minutes: 5), deletedAt: Fixed.at(minutes: 5))), "delete wins over an older edit")
        let tombstone = Stamp(updatedAt: Fixed.at(minutes: 5), deletedAt: Fixed.at(minutes: 5))
        #expect(!tombstone.isReplaced(by: Stamp(updatedAt: Fixed.at(minutes: 99), deletedAt: nil)), "a late upsert cannot resurrect")
    }

    @Test("pending changes survive as JSON")
    func codable() throws {
        let change = PendingChange(payload: .logEntry(.mockDouble), sequence: 7, revision: 3)
        let data = try WaterlineCoding.encoder().encode(change)
        #expect(try WaterlineCoding.decoder().decode(PendingChange.self, from: data) == change)
        #expect(String(decoding: data, as: UTF8.self).contains("\"entity\" : \"logEntry\""))
    }
}
