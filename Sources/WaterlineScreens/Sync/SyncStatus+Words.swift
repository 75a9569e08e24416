import WaterlineCore

/// What the screens show of a sync status: a symbol and calm words.
extension SyncStatus {
    /// The SF Symbol the indicator shows.
    public var symbolName: String {
        switch phase {
        case .synced: "checkmark.icloud"
        case .syncing: "arrow.triangle.2.circlepath.icloud"
        case .offline: "icloud.slash"
        case .signedOut: "person.crop.circle.badge.exclamationmark"
        case .accountChoice: "person.2.circle"
        }
    }

    /// How many changes the backend refused, kept here; nil when none was.
    public var refusedText: String? {
        failedCount > 0 ? KitText.string(KitStrings.syncRefused, .int(failedCount)) : nil
    }

    /// How many changes from the account the last pull set aside (unreadable here); nil when none.
    public var setAsideText: String? {
        setAsideCount > 0 ? KitText.string(KitStrings.syncSetAside, .int(setAsideCount)) : nil
    }

    /// A short VoiceOver label, calm and without alarm.
    public var accessibilityLabel: String {
        switch phase {
        case .synced: KitText.string(KitStrings.syncSynced)
        case .syncing: KitText.string(KitStrings.syncSyncing)
        case .offline: pendingCount == 0
            ? KitText.string(KitStrings.syncOffline) : KitText.string(KitStrings.syncOfflinePending, .int(pendingCount))
        case .signedOut: KitText.string(KitStrings.syncSignIn)
        case .accountChoice: KitText.string(KitStrings.syncAccountChoice)
        }
    }
}
