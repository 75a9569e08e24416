import Foundation
import WaterlineCore

/// For a process that shows no notifications (the command line): nothing is scheduled or
/// posted; a per-drink reminder or pacing warning still comes back in the action's result.
@MainActor
public final class NoNotifications: NotificationCenterClient {
    public init() {}
    public func registerCategories() {}
    public func authorization() async -> NotificationAuthorization { .denied }
    public func requestAuthorization() async -> NotificationAuthorization { .denied }
    public func replacePending(sessionId: UUID, with requests: [ReminderRequest]) async {}
    public func schedule(_ request: ReminderRequest) async {}
    public func cancelAll(sessionId: UUID) async {}
    public func cancelSnoozes(sessionId: UUID, answeredByWaterAt water: Date) async {}
    public func sessionIdsWithReminders() async -> Set<UUID> { [] }
    public func post(_ request: ReminderRequest) async {}
}
