import Foundation
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineTestSupport

/// The records that travel to the backend are the local values without their owner (the caller
/// is the owner). They are written out by hand, so these tests fail the day a field is added to
/// one side only.
@Suite("Records as they travel: the local value, field for field, without its owner")
struct RecordShapeTests {
    /// The stored properties of `value`, in declaration order.
    private func fields(of value: Any) -> [String] {
        Mirror(reflecting: value).children.compactMap(\.label)
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

    @Test("a session record has every field of a Session but its owner, and gives the same session back")
    func sessionRecord() throws {
        let record = SessionRecord(session)
        #expect(fields(of: record) == fields(of: session).filter { $0 != "userId" })
        #expect(record.session(userId: session.userId) == session)
        let data = try WaterlineCoding.encoder().encode(record)
        #expect(try WaterlineCoding.decoder().decode(SessionRecord.self, from: data).session(userId: session.userId) == session)
    }

    @Test("a preset record has every field of a DrinkPreset but its owner, and gives the same preset back")
    func presetRecord() throws {
        let record = PresetRecord(ipa)
        #expect(fields(of: record) == fields(of: ipa).filter { $0 != "userId" })
        #expect(record.preset(userId: ipa.userId) == ipa)
        let data = try WaterlineCoding.encoder().encode(record)
        #expect(try WaterlineCoding.decoder().decode(PresetRecord.self, from: data).preset(userId: ipa.userId) == ipa)
    }
}
