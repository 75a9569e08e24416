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
        let json = """
        {"version": 2, "kind": "logWater", "sentFrom": "Series 11",
         "payload": {"id": "a0000000-0000-4000-8000-00000000000a", "timestamp": 1795296000000, "amountOz": 8, "temperature": "cold"}}
        """
        let message = try WatchMessage.decodeIfKnown(Data(json.utf8))
        var expected = WatchLogRequest.mockWater
        expected.sessionId = nil
        #expect(message == .logWater(expected))
    }

    @Test("a kind this version does not know is skipped, not fatal")
    func unknownKind() throws {
        let json = #"{"version": 3, "kind": "shareWithFriend", "payload": {}}"#
        #expect(try WatchMessage.decodeIfKnown(Data(json.utf8)) == nil)
    }

    @Test("a malformed known message is still an error")
    func malformed() {
        let json = #"{"version": 1, "kind": "logWater", "payload": {"id": "not-a-uuid"}}"#
        #expect(throws: DecodingError.self) { try WatchMessage.decodeIfKnown(Data(json.utf8)) }
        #expect(throws: DecodingError.self) { try WatchMessage.decodeIfKnown(Data("[]".utf8)) }
    }

    @Test("every message survives a round trip")
    func roundTrip() throws {
        let messages: [WatchMessage] = [
            .logDrink(.mockDrink), .logWater(.mockWater), .startSession(requestId: UUID(number: 1)),
            .endSession(requestId: UUID(number: 2), sessionId: UUID(number: 3)), .snapshot(.mock), .reminder(.mock),
        ]
        for message in messages {
            #expect(try WatchMessage.decodeIfKnown(message.encoded()) == message)
        }
    }
}
