import Foundation
import Testing
@testable import WaterlineCore
import WaterlineTestSupport

@Suite("Settings merged setting by setting")
struct SettingsMergeTests {
    let base = UserSettings(warningThreshold: 3, updatedAt: Fixed.start)

    @Test("an edit stamps only the settings it changed")
    func editStamps() {
        var changed = base
        changed.waterEveryNDrinks = 4
        let edited = base.edited(to: changed, at: Fixed.at(minutes: 5))
        #expect(edited.updatedAt == Fixed.at(minutes: 5))
        #expect(edited.stamp(of: .waterEveryNDrinks) == Fixed.at(minutes: 5))
        #expect(edited.stamp(of: .warningThreshold) == Fixed.start)
        #expect((try? edited.validate()) != nil)
    }

    @Test("two devices' changes to different settings both survive, whichever merges first")
    func differentSettings() {
        var onPhone = base
        onPhone.waterEveryNDrinks = 4
        let phone = base.edited(to: onPhone, at: Fixed.at(minutes: 5))
        var onTablet = base
        onTablet.units = .ml
        let tablet = base.edited(to: onTablet, at: Fixed.at(minutes: 6))
        let one = phone.merged(with: tablet), other = tablet.merged(with: phone)
        #expect(one == other)
        #expect(one.waterEveryNDrinks == 4 && one.units == .ml && one.warningThreshold == 3)
        #expect(one.updatedAt == Fixed.at(minutes: 6))
        #expect(one.merged(with: phone) == one && one.merged(with: tablet) == one, "merging again changes nothing")
    }

    @Test("the same setting: the later choice wins; chosen at the same moment, every device picks the same")
    func sameSetting() {
        var a = base, b = base
        a.waterEveryNDrinks = 4
        b.waterEveryNDrinks = 6
        let earlier = base.edited(to: a, at: Fixed.at(minutes: 5)), later = base.edited(to: b, at: Fixed.at(minutes: 7))
        #expect(earlier.merged(with: later).waterEveryNDrinks == 6)
        #expect(later.merged(with: earlier).waterEveryNDrinks == 6)
        let tieA = base.edited(to: a, at: Fixed.at(minutes: 5)), tieB = base.edited(to: b, at: Fixed.at(minutes: 5))
        #expect(tieA.merged(with: tieB) == tieB.merged(with: tieA))
    }

    @Test("untouched defaults lose to any choice; settings without field stamps date every setting from the whole")
    func defaultsAndOldVersions() {
        let account = UserSettings(waterEveryNDrinks: 5, updatedAt: Fixed.start)
        #expect(UserSettings().merged(with: account) == account)
        #expect(account.merged(with: UserSettings()) == account)
        #expect(account.stamp(of: .units) == Fixed.start)
    }

    @Test("field stamps name real settings and never postdate the whole")
    func validation() {
        var unknown = base
        unknown.fieldStamps = ["teleport": Fixed.start]
        #expect(throws: ValidationError.self) { try unknown.validate() }
        var later = base
        later.fieldStamps = [SettingsField.units.rawValue: Fixed.at(minutes: 1)]
        #expect(throws: ValidationError.self) { try later.validate() }
    }

    @Test("a first edit on a fresh device keeps the untouched stamp for the rest, which passes; any other stamp is a time between 2000 and 2100")
    func stampBounds() throws {
        var changed = UserSettings()
        changed.units = .ml
        let first = UserSettings().edited(to: changed, at: Fixed.at(minutes: 5))
        #expect(first.stamp(of: .waterEveryNDrinks) == UserSettings.untouchedStamp)
        try first.validate()
        for far in [Date(timeIntervalSince1970: 631_152_000), Date(timeIntervalSince1970: -1e27)] {
            var stamped = first
            stamped.fieldStamps?[SettingsField.waterEveryNDrinks.rawValue] = far
            #expect(throws: ValidationError.self) { try stamped.validate() }
        }
    }
}
