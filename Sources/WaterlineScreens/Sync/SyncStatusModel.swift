import Observation
import WaterlineCore

/// The sync status for SwiftUI: the engine reports into it, the cloud indicator observes it.
@Observable
@MainActor
public final class SyncStatusModel {
    public private(set) var status = SyncStatus()

    public init() {}

    public func update(_ status: SyncStatus) {
        self.status = status
    }

    /// The SF Symbol the indicator shows.
    public var symbolName: String {
        switch status.phase {
        case .synced: "checkmark.icloud"
        case .syncing: "arrow.triangle.2.circlepath.icloud"
        case .offline: "icloud.slash"
        case .signedOut: "person.crop.circle.badge.exclamationmark"
        case .accountChoice: "person.2.circle"
        }
    }

    /// Under the account in Settings when the backend refused changes: how many, kept here, with
    /// "Send Again" beside it (`AppRuntime.resendRefusedChanges()`); nil when none was refused.
    public var refusedText: String? {
        status.failedCount > 0 ? KitText.string(KitStrings.syncRefused, .int(status.failedCount)) : nil
    }

    /// A short VoiceOver label, calm and without alarm.
    public var accessibilityLabel: String {
        switch status.phase {
        case .synced: KitText.string(KitStrings.syncSynced)
        case .syncing: KitText.string(KitStrings.syncSyncing)
        case .offline: status.pendingCount == 0
            ? KitText.string(KitStrings.syncOffline) : KitText.string(KitStrings.syncOfflinePending, .int(status.pendingCount))
        case .signedOut: KitText.string(KitStrings.syncSignIn)
        case .accountChoice: KitText.string(KitStrings.syncAccountChoice)
        }
    }
}
