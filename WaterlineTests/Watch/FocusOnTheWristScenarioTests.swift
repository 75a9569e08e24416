import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// A Focus set on the iPhone holds on its watch too, but watchOS has no place to give an app a
/// Focus filter: the wrist follows its phone's filter, delivered with the latest state, so its
/// reminders and face are as discreet as the phone's while it holds, and stop being so with it.
@Suite("Scenario: the phone's Focus filter on the wrist")
@MainActor
struct FocusOnTheWristScenarioTests {
    typealias Pair = DeliveredToTheWristScenarioTests.Pair

    static let discreetTitle = NotificationCopy.discreetTitle

    /// The Focus turns on or off on the phone, which hands its watch the latest state; the
    /// watch, suspended, is woken for it.
    func focus(_ filter: FocusFilter?, on pair: Pair) async throws {
        pair.harness.focus.value = filter
        await pair.phone.runtime.handle(.focusChanged)
        await pair.phone.settled()
        try await pair.watch.deliver(from: pair.phone.watch)
    }

    @Test("the phone's Focus filter turns on and off: the suspended watch's reminders and face follow it, nothing asked, its settings untouched")
    func followsThePhone() async throws {
        let pair = try await Pair(UserSettings(waterEveryNDrinks: 1, discreetNotifications: false, hideLockScreenCounts: false))
        try await pair.onPhone(.startSession)
        try await pair.onPhone(.logDrink(.quick, source: .phone))
        #expect(!pair.watch.notifications.pending.isEmpty)
        #expect(pair.watch.notifications.pending.values.allSatisfy { $0.content.title != Self.discreetTitle })
        #expect(pair.watch.complications.showing?.discreet == false)

        pair.clock.advance(minutes: 11)
        try await focus(FocusFilter(discreet: true, hidesCounts: true), on: pair)
        #expect(pair.watch.runtime.phoneFocus == FocusFilter(discreet: true, hidesCounts: true))
        pair.expectSameReminders("under the Focus")
        #expect(pair.watch.notifications.pending.values.allSatisfy { $0.content.title == Self.discreetTitle }, "every pending reminder on the wrist")
        let face = try #require(pair.watch.complications.showing)
        #expect(face.discreet && face.hidesCounts == true, "the face, as the phone's Lock Screen")
        #expect(try await pair.watch.runtime.reader.currentState().settings == pair.harness.service.settings(), "the settings as the person chose them")

        // A drink on the phone while the Focus holds: the wrist's new reminders are discreet too.
        pair.clock.advance(minutes: 11)
        try await pair.onPhone(.logDrink(.quick, source: .phone))
        pair.expectSameReminders("a drink under the Focus")
        #expect(pair.watch.notifications.pending.values.allSatisfy { $0.content.title == Self.discreetTitle })

        pair.clock.advance(minutes: 11)
        try await focus(nil, on: pair)
        #expect(pair.watch.runtime.phoneFocus == nil)
        pair.expectSameReminders("the Focus off")
        #expect(pair.watch.notifications.pending.values.allSatisfy { $0.content.title != Self.discreetTitle }, "as the person set it again")
        #expect(pair.watch.complications.showing?.discreet == false && pair.watch.complications.showing?.hidesCounts != true)
        #expect(pair.watch.link.messages == pair.messagesBefore, "nothing was asked for")
    }

    @Test("a page of the phone's feed says nothing of its Focus: only the latest state moves the wrist's")
    func pagesCarryNoFocus() async throws {
        let pair = try await Pair()
        try await pair.onPhone(.startSession)
        try await focus(FocusFilter(discreet: true), on: pair)
        #expect(pair.watch.runtime.phoneFocus == FocusFilter(discreet: true))
        let page = PhoneDelivery(person: UUID(), erasedBefore: nil, after: 0, page: PullPage(changes: [], cursor: 0, hasMore: false))
        await pair.watch.runtime.handle(.phoneMessage(try WatchMessage.delivery(page).encoded()))
        #expect(pair.watch.runtime.phoneFocus == FocusFilter(discreet: true), "a page is not the latest state")
    }
}
