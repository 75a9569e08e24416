import AppIntents
import SwiftUI
import WaterlineCore
import WaterlineRuntime
import WaterlineSystem

/// "How's my Waterline?": Siri says where the Waterline stands, in one line, with the gauge as
/// its snippet; with no session running it says so. It only reads, so it runs wherever Siri
/// starts it (the App Intents extension, cold).
struct WaterlineStatusIntent: AppIntent {
    static let title: LocalizedStringResource = "Check Waterline"
    static let description = IntentDescription("Says where your Waterline stands tonight.")

    @MainActor
    func perform() async throws -> some IntentResult & ProvidesDialog & ShowsSnippetView {
        let answer = try await IntentServices.ask(.waterline)
        return .result(dialog: "\(answer.dialog)") { IntentAnswerSnippet(answer: answer) }
    }
}
