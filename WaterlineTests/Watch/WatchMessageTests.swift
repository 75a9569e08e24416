import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Watch messages")
struct WatchMessageTests {
    @Test("fields a later version adds are ignored")
    func futureFields() throws {
        let person = "A0000000-0000-4000-8000-00000000000A"
        let json = #"{"version": 5, "kind": "delivery", "sentFrom": "iPhone 19", "payload": {"person": "\#(person)", "after": 4, "taken": [], "battery": 0.2, "page": {"changes": [], "cursor": 9, "hasMore": false}}}"#
        let expected = PhoneDelivery(person: UUID(uuidString: person)!, erasedBefore: nil, after: 4, page: PullPage(changes: [], cursor: 9, hasMore: false))
        #expect(try WatchMessage.decodeIfKnown(Data(json.utf8)) == .delivery(expected))
    }

    @Test("the notice of the version before deliveries (the watch pulled) reads as unknown, not as an error")
    func noticeBeforeDeliveries() throws {
        let json = #"{"version": 3, "kind": "phoneChanged", "payload": {"sequence": 42}}"#
        #expect(try WatchMessage.decodeIfKnown(Data(json.utf8)) == nil)
    }

    @Test("a kind this version does not know is skipped, not fatal")
    func unknownKind() throws {
        let json = #"{"version": 3, "kind": "shareWithFriend", "payload": {}}"#
        #expect(try WatchMessage.decodeIfKnown(Data(json.utf8)) == nil)
    }

    @Test("a malformed known message is still an error")
    func malformed() {
        let json = #"{"version": 3, "kind": "request", "payload": {"pull": "not a pull"}}"#
        #expect(throws: DecodingError.self) { try WatchMessage.decodeIfKnown(Data(json.utf8)) }
        #expect(throws: DecodingError.self) { try WatchMessage.decodeIfKnown(Data("[]".utf8)) }
    }

    @Test("every message survives a round trip")
    func roundTrip() throws {
        let messages: [WatchMessage] = [
            .request(.account),
            .request(.pull(PullRequest(cursor: nil, limit: 100))),
            .answer(.page(PullPage(changes: [], cursor: 7, hasMore: false))),
            .request(.resend(after: 12)),
            .delivery(PhoneDelivery(person: UUID(number: 1), erasedBefore: UUID(number: 2), after: nil, page: PullPage(changes: [], cursor: 7, hasMore: false))),
        ]
        for message in messages {
            #expect(try WatchMessage.decodeIfKnown(message.encoded()) == message)
        }
    }
}
