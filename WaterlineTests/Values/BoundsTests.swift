import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// Input that once slipped past validation: padded or piled-up names, impossible summaries.
@Suite("Bounds on names and summaries")
struct BoundsTests {
    func preset(named name: String) -> DrinkPreset {
        DrinkPreset(id: UUID(), userId: UUID(), name: name, drinkType: .beer, sizeOz: 12, abv: 5, standardDrinkEstimate: 1, sortOrder: 0, updatedAt: .mockEvening)
    }

    @Test("names are bounded in characters and in bytes, before trimming")
    func names() throws {
        try preset(named: String(repeating: "🍺", count: 60)).validate()
        try preset(named: "  IPA  ").validate()
        #expect(throws: ValidationError.self) { try self.preset(named: "IPA" + String(repeating: " ", count: 900_000)).validate() }
        #expect(throws: ValidationError.self) { try self.preset(named: "e" + String(repeating: "\u{301}", count: 150_000)).validate() }
        #expect(throws: ValidationError.self) { try self.preset(named: String(repeating: "a", count: 61)).validate() }
        #expect(throws: ValidationError.self) { try self.preset(named: "   ").validate() }
    }

    @Test("names hold no control or text-direction characters; right-to-left scripts and emoji are fine")
    func nameCharacters() throws {
        for refused in ["IPA\u{0}x", "IPA\u{202E}API", "Two\nlines", "IPA\u{2066}x\u{2069}", "del\u{7F}"] {
            #expect(throws: ValidationError.self, "\(refused.unicodeScalars.map { String($0.value, radix: 16) })") { try self.preset(named: refused).validate() }
        }
        try preset(named: "נבירה 🍺").validate()
        try preset(named: "عصير").validate()
    }

    @Test("a real summary passes; an impossible one names its field")
    func summaries() throws {
        try SessionSummary.mock.validate()
        var session = Session.mockNightOut
        session.computedSummary = .mock
        try session.validate()

        func refused(_ change: (inout SessionSummary) -> Void) -> String? {
            var summary = SessionSummary.mock
            change(&summary)
            do { try summary.validate() } catch { return error.field }
            return nil
        }
        #expect(refused { $0.totalAlcoholCount = -1 } == "computedSummary.totalAlcoholCount")
        #expect(refused { $0.totalWaterCount = Int.max } == "computedSummary.totalWaterCount")
        #expect(refused { $0.totalStandardDrinks = .nan } == "computedSummary.totalStandardDrinks")
        #expect(refused { $0.durationSeconds = -5 } == "computedSummary.durationSeconds")
        #expect(refused { $0.peakWaterline = .infinity } == "computedSummary.peakWaterline")
        #expect(refused { $0.finalWaterline = $0.peakWaterline + 1 } == "computedSummary")
        #expect(refused { $0.adherence = PacingAdherence(breaksDue: 1, breaksKept: 2) } == "computedSummary.adherence.breaksKept")
        session.computedSummary?.totalWaterOz = -1
        #expect(throws: ValidationError.self) { try session.validate() }
    }
}
