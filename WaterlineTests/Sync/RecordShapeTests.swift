import Foundation
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineTestSupport

/// The records that travel to the backend are the local values without their owner (the caller
/// is the owner). Each field is declared once, in the record; the local value holds its record
/// and its owner, and still encodes flat, with the keys it always had.
@Suite("Records as they travel: the local value without its owner, each field declared once")
struct RecordShapeTests {
    /// The stored properties of `value`, in declaration order.
    private func fields(of value: Any) -> [String] {
        Mirror(reflecting: value).children.compactMap(\.label)
    }

    /// `value` as the JSON object it encodes to.
    private func object(_ value: some Encodable) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: WaterlineCoding.encoder().encode(value)) as? [String: Any])
    }

    /// `object` written out with its keys sorted, to compare two objects.
    private func canonical(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// A session with every field set, none at its default.
    private let session = Session(
        id: UUID(number: 0x51), userId: UUID(number: 0xA1), startTime: Fixed.start, endTime: Fixed.at(minutes: 120),
        isActive: false, computedSummary: .mock, updatedAt: Fixed.at(minutes: 121), deletedAt: Fixed.at(minutes: 130), plannedDrinks: 4
    )

    private let ipa = DrinkPreset(
        id: UUID(number: 0x52), userId: UUID(number: 0xA1), name: "IPA", drinkType: .beer, sizeOz: 16, abv: 7,
        standardDrinkEstimate: 1.87, sortOrder: 3, updatedAt: Fixed.at(minutes: 5), deletedAt: Fixed.at(minutes: 6)
    )

    @Test("a session is its owner and its record: the record's fields read and write as the session's, and it encodes flat with the keys it always had")
    func sessionRecord() throws {
        #expect(fields(of: session) == ["userId", "record"])
        #expect(Session(userId: session.userId, record: session.record) == session)
        var edited = session
        edited.plannedDrinks = 6
        edited.endTime = Fixed.at(minutes: 150)
        #expect(edited.record.plannedDrinks == 6 && edited.record.endTime == Fixed.at(minutes: 150) && edited.id == session.record.id)

        let flat = try object(session), record = try object(session.record)
        #expect(Set(flat.keys) == ["id", "userId", "startTime", "endTime", "isActive", "computedSummary", "updatedAt", "deletedAt", "plannedDrinks"])
        #expect(Set(flat.keys) == Set(record.keys).union(["userId"]))
        #expect(try canonical(flat.filter { $0.key != "userId" }) == canonical(record))
        let data = try WaterlineCoding.encoder().encode(session)
        #expect(try WaterlineCoding.decoder().decode(Session.self, from: data) == session)
        #expect(try WaterlineCoding.decoder().decode(SessionRecord.self, from: data) == session.record)
        // A record has no owner to give a session: decoding one as a session is refused.
        #expect(throws: DecodingError.self) {
            try WaterlineCoding.decoder().decode(Session.self, from: WaterlineCoding.encoder().encode(session.record))
        }
    }

    @Test("a preset is its owner and its record: the record's fields read and write as the preset's, and it encodes flat with the keys it always had")
    func presetRecord() throws {
        #expect(fields(of: ipa) == ["userId", "record"])
        #expect(DrinkPreset(userId: ipa.userId, record: ipa.record) == ipa)
        var renamed = ipa
        renamed.name = "Hazy IPA"
        #expect(renamed.record.name == "Hazy IPA" && renamed.id == ipa.record.id)

        let flat = try object(ipa), record = try object(ipa.record)
        #expect(Set(flat.keys) == ["id", "userId", "name", "drinkType", "sizeOz", "abv", "standardDrinkEstimate", "sortOrder", "updatedAt", "deletedAt"])
        #expect(try canonical(flat.filter { $0.key != "userId" }) == canonical(record))
        let data = try WaterlineCoding.encoder().encode(ipa)
        #expect(try WaterlineCoding.decoder().decode(DrinkPreset.self, from: data) == ipa)
        #expect(throws: DecodingError.self) {
            try WaterlineCoding.decoder().decode(DrinkPreset.self, from: WaterlineCoding.encoder().encode(ipa.record))
        }
    }
}
