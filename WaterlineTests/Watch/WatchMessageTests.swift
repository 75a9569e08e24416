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
        let json = #"{"version": 3, "kind": "phoneChanged", "sentFrom": "iPhone 19", "payload": {"phonePostsReminders": false, "battery": 0.2}}"#
        #expect(try WatchMessage.decodeIfKnown(Data(json.utf8)) == .phoneChanged(PhoneNotice(phonePostsReminders: false)))
    }

    @Test("a kind this version does not know is skipped, not fatal")
    func unknownKind() throws {
        let json = #"{"version": 3, "kind": "shareWithFriend", "payload": {}}"#
        #expect(try WatchMessage.decodeIfKnown(Data(json.utf8)) == nil)
    }

    @Test("a malformed known message is still an error")
    func malformed() {
        let json = #"{"version": 2, "kind": "call", "payload": {"body": "not base 64!"}}"#
        #expect(throws: DecodingError.self) { try WatchMessage.decodeIfKnown(Data(json.utf8)) }
        #expect(throws: DecodingError.self) { try WatchMessage.decodeIfKnown(Data("[]".utf8)) }
    }

    @Test("every message survives a round trip")
    func roundTrip() throws {
        let messages: [WatchMessage] = [
            .call(Data(#"{"path":"users:me","args":{},"format":"json"}"#.utf8)),
            .phoneChanged(PhoneNotice(phonePostsReminders: true)),
        ]
        for message in messages {
            #expect(try WatchMessage.decodeIfKnown(message.encoded()) == message)
        }
    }
}
