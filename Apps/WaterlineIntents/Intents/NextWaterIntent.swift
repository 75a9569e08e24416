import AppIntents
import SwiftUI
import WaterlineCore
import WaterlineRuntime
import WaterlineSystem

/// "When is my next water?": Siri says whether water is due now, after how many drinks, and
/// when the timer's reminder comes, in one line, with the gauge as its snippet.
struct NextWaterIntent: AppIntent {
    static let title: LocalizedStringResource = "Next Water"
    static let description = IntentDescription("Says when your next water is due.")

    @MainActor
    func perform() async throws -> some IntentResult & ProvidesDialog & ShowsSnippetView {
        let answer = try await IntentServices.ask(.nextWater)
        return .result(dialog: "\(answer.dialog)") { IntentAnswerSnippet(answer: answer) }
    }
}
