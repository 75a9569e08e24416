import Foundation
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineTestSupport
import WaterlineJSON
@testable import WaterlineServer

/// `WaterlineJSON` promises the bytes Foundation's encoder writes (with the kit's coding), and
/// values Foundation's decoder would read, or else to decline so Foundation answers. These tests
/// hold it to that against Foundation itself, on thousands of drawn records and mangled texts.
@Suite("WaterlineJSON: Foundation's bytes and values, or Foundation's answer")
struct WaterlineJSONTests {
    private func foundation<T: Encodable>(_ value: T) throws -> [UInt8] {
        Array(try WaterlineCoding.encoder(pretty: false).encode(value))
    }

    /// The same value, field by field, -0 apart from 0 (a mangled text may hold a date no encoder
    /// can write: such values are compared as values alone).
    private func same<T: Codable & Equatable>(_ a: T, _ b: T) -> Bool {
        a == b && (try? SortedJSONWriter.encode(a)) == (try? SortedJSONWriter.encode(b))
    }

    /// Whether the fast reader agrees with Foundation on `bytes`: it declines, or it reads what
    /// Foundation reads. Answers whether the fast reader answered.
    @discardableResult
    private func agrees<T: Codable & Equatable>(_ type: T.Type, _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        guard let document = JSONDocument(bytes: bytes), let fast = try? JSONDocumentDecoder.decode(type, from: document) else {
            return false
        }
        let reference = try? WaterlineCoding.decoder().decode(type, from: Data(bytes))
        #expect(reference != nil, "read what Foundation refuses: \(String(decoding: bytes, as: UTF8.self).debugDescription)", sourceLocation: sourceLocation)
        if let reference {
            #expect(same(fast, reference), "read otherwise than Foundation: \(String(decoding: bytes, as: UTF8.self).debugDescription)", sourceLocation: sourceLocation)
        }
        return true
    }

    /// `agrees` for a call's arguments, read as the server reads them.
    private func argumentsAgree(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard let document = JSONDocument(bytes: bytes), let fast = try? JSONDocumentDecoder.decode(CallArguments<LogEntry>.self, from: document) else {
            return
        }
        let reference = try? WaterlineCoding.decoder().decode(CallArguments<LogEntry>.self, from: Data(bytes))
        #expect(reference != nil, "read what Foundation refuses: \(String(decoding: bytes, as: UTF8.self).debugDescription)", sourceLocation: sourceLocation)
        if let reference {
            #expect(same(fast.args, reference.args), sourceLocation: sourceLocation)
        }
    }

    @Test("every wire record is written byte for byte as Foundation writes it, and read back as it reads it")
    func recordsBothWays() throws {
        var records = RandomRecords(random: SeededRandom(seed: 1))
        var answered = 0
        for _ in 0..<2_000 {
            let change = records.change()
            let log = records.log()
            let outcome = records.bool() ? ChangeOutcome.stored(change) : ChangeOutcome.refused(.notFound, records.name())
            #expect(try SortedJSONWriter.encode(change) == foundation(change))
            #expect(try SortedJSONWriter.encode(log) == foundation(log))
            #expect(try SortedJSONWriter.encode(outcome) == foundation(outcome))
            #expect(try SortedJSONWriter.encode(FunctionResponse<LogEntry>.success(log)) == foundation(FunctionResponse<LogEntry>.success(log)))
            if try agrees(SyncPayload.self, foundation(change)) { answered += 1 }
            if try agrees(LogEntry.self, foundation(log)) { answered += 1 }
        }
        #expect(answered == 4_000, "answered \(answered) of 4000")
        let batch = PushBatch(changes: (0..<200).map { _ in records.change() })
        #expect(try SortedJSONWriter.encode(batch) == foundation(batch))
        try agrees(PushBatch.self, foundation(batch))
        let error = FunctionResponse<NoArgs>.error(message: records.name(), code: "NOT_FOUND")
        #expect(try SortedJSONWriter.encode(error) == foundation(error))
    }

    @Test("a mangled text is read as Foundation reads it, or left to Foundation; a call's head reads alike either way")
    func mangledTexts() throws {
        var random = SeededRandom(seed: 2)
        var records = RandomRecords(random: SeededRandom(seed: 3))
        let pieces: [[UInt8]] = [
            "\"", "\\", "{", "}", "[", "]", ",", ":", "0", "1", "9", "-", "+", ".", "e", "E", " ", "\n", "u", "t", "n", "null",
            "true", "1e400", "1e-400", "1.0", "-0", "00", "\\u00e9", "\\ud800", "\\ud83d\\ude00", "\\u0000", "\u{feff}", "é",
            "\"id\":1,", "\"type\":\"water\",", "\"format\":\"json\",", "\"path\":\"x\",", "\"args\":[],",
        ].map { Array($0.utf8) } + [[0x00], [0x1F], [0x80], [0xC3], [0xFF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]]
        var answered = 0, cases = 0
        for _ in 0..<6_000 {
            let log = records.log()
            let sources: [[UInt8]] = [
                try foundation(log),
                Array(#"{"path":"logEntries:upsert","format":"json","args":"#.utf8) + (try foundation(log)) + [UInt8(ascii: "}")],
                try foundation(records.change()),
            ]
            for source in sources {
                var bytes = source
                for _ in 0..<Int.random(in: 1...3, using: &random) where !bytes.isEmpty {
                    let at = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0: bytes.remove(at: at)
                    case 1: bytes.insert(contentsOf: pieces.randomElement(using: &random)!, at: at)
                    case 2: bytes.replaceSubrange(at...at, with: pieces.randomElement(using: &random)!)
                    default:
                        let end = min(bytes.count, at + Int.random(in: 1...12, using: &random))
                        bytes.insert(contentsOf: bytes[at..<end], at: at)
                    }
                }
                cases += 1
                if try agrees(LogEntry.self, bytes) { answered += 1 }
                try agrees(SyncPayload.self, bytes)
                try argumentsAgree(bytes)
                if let document = JSONDocument(bytes: bytes), let head = CallHead(document: document) {
                    let reference = try #require(try? WaterlineCoding.decoder().decode(CallHead.self, from: Data(bytes)))
                    #expect(head.path == reference.path && head.formatIsJSON == reference.formatIsJSON)
                    #expect(head.argsAreObject == reference.argsAreObject && Set(head.argumentNames) == Set(reference.argumentNames))
                }
            }
        }
        // Some mangled texts are still valid records (a digit changed, a space added): the fast
        // reader must have answered those, or the check above proves nothing.
        #expect(answered > cases / 100, "answered \(answered) of \(cases)")
    }

    @Test("numbers, strings and keys at the edges: answered alike or left to Foundation", arguments: [
        #"{"x":1.0}"#, #"{"x":1e2}"#, #"{"x":-0}"#, #"{"x":1.5}"#, #"{"x":100000000000000000000}"#, #"{"x":9223372036854775807}"#,
        #"{"x":9223372036854775808}"#, #"{"x":-9223372036854775808}"#, #"{"x":1e400}"#, #"{"x":1e-400}"#, #"{"x":5e-324}"#,
        #"{"x":0e999999}"#, #"{"x":1.7976931348623157e308}"#, #"{"x":0.1e1}"#, #"{"x":1E+2}"#, #"{"x":01}"#, #"{"x":1.}"#,
        #"{"x":.5}"#, #"{"x":+1}"#, #"{"x":123456789012345678901234567890e-20}"#, #"{"x":"1"}"#, #"{"x":true}"#, #"{"x":null}"#,
        #"{"x":"\ud800"}"#, #"{"x":"a\u0000b"}"#, "{\"x\":\"\u{1}\"}", #"{"x":"\uD83D\uDE00"}"#, "\u{feff}{\"x\":\"a\"}",
        #"{"x":"a"} "#, #" {"x":"a"}"#, #"{"x":"a"}x"#, #"{"x":"a","x":"b"}"#, #"{"\u0078":"a"}"#, #"{"x":"\/\b\f\n\r\t\"\\"}"#,
    ])
    func edges(_ text: String) throws {
        struct Number: Codable, Equatable { var x: Double }
        struct Whole: Codable, Equatable { var x: Int }
        struct Text: Codable, Equatable { var x: String }
        try agrees(Number.self, Array(text.utf8))
        try agrees(Whole.self, Array(text.utf8))
        try agrees(Text.self, Array(text.utf8))
    }

    @Test("negative zeros become zeros wherever they are numbers, and nowhere else", arguments: [
        (#"{"a":-0,"b":[-0.0,-0e5,-0.000E-3],"c":-0.5,"d":-10,"e":"-0","f":"\"-0\" -0"}"#, #"{"a": 0,"b":[ 0.0, 0e5, 0.000E-3],"c":-0.5,"d":-10,"e":"-0","f":"\"-0\" -0"}"#),
        (#"[-1,-10,-0]"#, #"[-1,-10, 0]"#),
        (#"{"x":1}"#, #"{"x":1}"#),
    ])
    func negativeZeros(text: String, expected: String) throws {
        var bytes = Array(text.utf8)
        #expect(NegativeZero.unsign(&bytes) == (text != expected))
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }

    @Test("the records read and written by hand (LogEntry, AlcoholMeta, WaterMeta) have the fields their hand-written code knows")
    func handWrittenFields() {
        // A field added to one of these types must be added to LogEntry+WireJSON.swift as well:
        // the hand-written code would otherwise drop it. The tests above then check it both ways.
        let log = LogEntry.alcohol(id: UUID(), sessionId: UUID(), at: Date(), .standardDrink)
        #expect(Mirror(reflecting: log).children.map(\.label) == [
            "id", "sessionId", "timestamp", "type", "alcoholMeta", "waterMeta", "source", "updatedAt", "deletedAt",
        ])
        #expect(Mirror(reflecting: AlcoholMeta.standardDrink).children.map(\.label) == ["drinkType", "sizeOz", "abv", "standardDrinkEstimate", "presetId"])
        #expect(Mirror(reflecting: WaterMeta(amountOz: 8)).children.map(\.label) == ["amountOz"])
        #expect(LogEntry.self is any JSONDocumentReadable.Type && LogEntry.self is any SortedJSONWritable.Type)
    }

    @Test("what the reader leaves to Foundation: a key twice, a key with escapes, a byte order mark, nesting past 512")
    func declined() {
        #expect(JSONDocument(bytes: Array(#"{"a":1,"b":2,"a":3}"#.utf8)) == nil)
        #expect(JSONDocument(bytes: Array(("{" + (0..<40).map { "\"k\($0 % 39)\":\($0)" }.joined(separator: ",") + "}").utf8)) == nil)
        #expect(JSONDocument(bytes: Array(#"{"\u0061":1}"#.utf8)) == nil)
        #expect(JSONDocument(bytes: Array("\u{feff}{}".utf8)) == nil)
        #expect(JSONDocument(bytes: Array(repeating: UInt8(ascii: "["), count: 100_000)) == nil, "refused without running out of stack")
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(JSONDocument(bytes: Array(deepest.utf8)) != nil)
    }
}
