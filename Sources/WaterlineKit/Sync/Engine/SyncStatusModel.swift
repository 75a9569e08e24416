import Observation

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

    /// A short VoiceOver label, calm and without alarm.
    public var accessibilityLabel: String {
        switch status.phase {
        case .synced: "Synced"
        case .syncing: "Syncing"
        case .offline: status.pendingCount == 0 ? "Offline" : "Offline, \(status.pendingCount) changes saved on this device"
        case .signedOut: "Sign in to sync"
        case .accountChoice: "Choose what happens to this iPhone's data"
        }
    }
}
