import ArgumentParser
import WaterlineCore

/// The night a reading command shows: a session id or its first characters, the newest night
/// without one (the running night while one runs).
struct NightChoice: ParsableArguments {
    @Argument(help: "A session id or its first characters (see `waterline sessions`); the newest session without one.")
    var session: String?

    /// The chosen night as it stands, with the settings its report is reckoned by.
    func night(on companion: Companion) async throws -> (update: SessionSnapshot, settings: UserSettings) {
        let settings = try await companion.state().settings
        return (try await companion.session(matching: session), settings)
    }
}
