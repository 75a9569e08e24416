import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Notification copy")
struct NotificationCopyTests {
    let state = WaterlineState(
        waterlineValue: 2.5, alcoholCountSinceLastWater: 3, totalAlcoholCount: 5, totalWaterCount: 2,
        totalStandardDrinks: 4.5, isWarning: true
    )
    static let sensitiveWords = ["drink", "alcohol", "beer", "wine", "liquor", "shot", "cocktail", "waterline is high"]

    @Test("discreet previews name neither alcohol nor counts", arguments: ReminderKind.allCases)
    func discreet(kind: ReminderKind) {
        let content = NotificationCopy.content(for: kind, state: state, settings: UserSettings(discreetNotifications: true), sessionId: Fixed.sessionId)
        let preview = (content.title + " " + content.body).lowercased()
        for word in Self.sensitiveWords { #expect(!preview.contains(word), "\(kind) preview says \(word)") }
        #expect(preview.rangeOfCharacter(from: .decimalDigits) == nil, "\(kind) preview shows a number")
        #expect(content.title == (kind == .planReached ? "A quick check-in" : "Time for a break"))
    }

    @Test("the plan's note: calm, with the plan's number in full, none of it when discreet")
    func plan() {
        let full = NotificationCopy.content(for: .planReached, state: state, settings: UserSettings(discreetNotifications: false), sessionId: Fixed.sessionId, plannedDrinks: 4)
        #expect(full.title == "Tonight's plan")
        #expect(full.body == "You've reached the 4 drinks you planned. Water is a good next step.")
        let discreet = NotificationCopy.content(for: .planReached, state: state, settings: UserSettings(), sessionId: Fixed.sessionId, plannedDrinks: 4)
        #expect(discreet.body == "You've reached the plan you set for tonight.")
        #expect(discreet.detailBody.hasPrefix("You've reached the 4 drinks you planned."))
    }

    @Test("the detail carries the full text and counts even when discreet", arguments: ReminderKind.allCases)
    func detail(kind: ReminderKind) {
        let content = NotificationCopy.content(for: kind, state: state, settings: UserSettings(discreetNotifications: true), sessionId: Fixed.sessionId)
        #expect(content.detailBody.contains("Drinks 5 · Water 2 · Waterline 2.5"))
        #expect(content.categoryIdentifier == NotificationAction.categoryIdentifier)
    }

    @Test("full text when discreet mode is off")
    func full() {
        let settings = UserSettings(discreetNotifications: false)
        let perDrink = NotificationCopy.content(for: .perDrink, state: state, settings: settings, sessionId: Fixed.sessionId)
        #expect(perDrink.body == "You've had 3 drinks — time for water")
        let single = NotificationCopy.content(for: .perDrink, state: WaterlineState(alcoholCountSinceLastWater: 1), settings: settings, sessionId: Fixed.sessionId)
        #expect(single.body == "You've had 1 drink — time for water")
        let warning = NotificationCopy.content(for: .pacingWarning, state: state, settings: settings, sessionId: Fixed.sessionId)
        #expect(warning.body == "Your Waterline is high — drink water to return to center")
        let timed = NotificationCopy.content(for: .timeBased, state: state, settings: settings, sessionId: Fixed.sessionId)
        #expect(timed.title == "Time for water")
    }


    @Test("no copy makes a medical claim or judges")
    func tone() {
        let banned = ["bac", "drunk", "intoxicat", "hangover", "safe", "too much", "should"]
        for kind in ReminderKind.allCases {
            for discreet in [true, false] {
                let content = NotificationCopy.content(for: kind, state: state, settings: UserSettings(discreetNotifications: discreet), sessionId: Fixed.sessionId)
                let all = [content.title, content.body, content.detailTitle, content.detailBody].joined(separator: " ").lowercased()
                for word in banned { #expect(!all.contains(word), "\(kind) says \(word)") }
            }
        }
    }
}
