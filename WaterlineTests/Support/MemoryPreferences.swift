import Foundation
@testable import WaterlineScreens

/// `DevicePreferences` kept in memory for one test.
@MainActor
final class MemoryPreferences: DevicePreferences {
    var hasFinishedOnboarding = false
    var keptGoingAt: Date?
    var lastPlannedDrinks: Int?
}
