import Observation
import WaterlineCore

/// The sync status for SwiftUI, as the runtime's sync last reported it: the cloud indicator and
/// the line under the account in Settings observe this.
@Observable
@MainActor
public final class SyncStatusModel {
    @ObservationIgnored private let actions: any SessionActions

    public init(actions: any SessionActions) {
        self.actions = actions
    }

    public var status: SyncStatus { actions.syncStatus }

    /// The SF Symbol the indicator shows.
    public var symbolName: String { status.symbolName }

    /// Under the account in Settings when the backend refused changes: how many, kept here, with
    /// "Send Again" beside it (the runtime's `.resendRefusedChanges` input); nil when none was refused.
    public var refusedText: String? { status.refusedText }
    public var setAsideText: String? { status.setAsideText }

    /// A short VoiceOver label, calm and without alarm.
    public var accessibilityLabel: String { status.accessibilityLabel }
}
