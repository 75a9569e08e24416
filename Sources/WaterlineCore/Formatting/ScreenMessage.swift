
/// The calm sentence a screen shows when an action could not be done.
public enum ScreenMessage {
    /// Runs a screen's action; nil when it worked, else the sentence to show.
    @MainActor
    public static func attempt(_ action: () async throws -> Void) async -> String? {
        do {
            try await action()
            return nil
        } catch {
            return describe(error)
        }
    }

    /// The service's own words for a refusal; otherwise a general reassurance.
    public static func describe(_ error: any Error) -> String {
        switch error {
        case SessionServiceError.invalid(let validation): validation.screenMessage
        case let error as SessionServiceError: error.description
        case let error as ValidationError: error.screenMessage
        case let error as AccountDeletionError: error.screenMessage
        case is any BackendError: KitText.string(KitStrings.messageOffline)
        default: KitText.string(KitStrings.messageGeneric)
        }
    }
}
