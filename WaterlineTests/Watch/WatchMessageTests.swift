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
        let json = #"{"version": 3, "kind": "phoneChanged", "sentFrom": "iPhone 19", "payload": {"sequence": 42, "battery": 0.2}}"#
        #expect(try WatchMessage.decodeIfKnown(Data(json.utf8)) == .phoneChanged(PhoneNotice(sequence: 42)))
    }

    @Test("a notice from the version before sequences (it said who posted reminders) reads as sequence 0")
    func noticeBeforeSequences() throws {
        let json = #"{"version": 2, "kind": "phoneChanged", "payload": {"phonePostsReminders": true}}"#
        #expect(try WatchMessage.decodeIfKnown(Data(json.utf8)) == .phoneChanged(PhoneNotice(sequence: 0)))
    }

    @Test("each notice differs from the last (an equal application context is not delivered), and follows the clock when it is ahead")
    func noticeSequence() {
        #expect(PhoneNotice.next(after: nil, nowMilliseconds: 5_000).sequence == 5_000)
        #expect(PhoneNotice.next(after: 5_000, nowMilliseconds: 5_000).sequence == 5_001, "two notices in one millisecond")
        #expect(PhoneNotice.next(after: 9_000, nowMilliseconds: 5_000).sequence == 9_001, "the clock went back")
        #expect(PhoneNotice.next(after: 5_001, nowMilliseconds: 7_000).sequence == 7_000)
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
            .phoneChanged(PhoneNotice(sequence: 7)),
        ]
        for message in messages {
            #expect(try WatchMessage.decodeIfKnown(message.encoded()) == message)
        }
    }
}
