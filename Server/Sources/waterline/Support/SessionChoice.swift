import ArgumentParser
import WaterlineCore

/// The session a reading command shows: a session id or its first characters, the newest session
/// without one (the running session while one runs).
struct SessionChoice: ParsableArguments {
    @Argument(help: "A session id or its first characters (see `waterline sessions`); the newest session without one.")
    var session: String?

    /// The chosen session as it stands, with the settings its report is reckoned by.
    func session(on companion: Companion) async throws -> (update: SessionSnapshot, settings: UserSettings) {
        let settings = try await companion.state().settings
        return (try await companion.session(matching: session), settings)
    }
}
