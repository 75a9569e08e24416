import Foundation
import Testing

@Suite("waterline settings: water in millilitres")
struct SettingsCommandTests {
    @Test("--water-ml keeps a round amount, shown in ml; out of range is refused")
    func waterInMl() async throws {
        let cli = CLI()
        let set = try await cli.run("settings", "--units", "ml", "--water-ml", "250")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try await cli.run("settings").stdout.contains("Default water:      250 ml"))
        let tooMuch = try await cli.run("settings", "--water-ml", "5000")
        #expect(tooMuch.status != 0)
        #expect(tooMuch.stderr.contains("defaultWaterAmountOz"))
        #expect(try await cli.run("settings").stdout.contains("250 ml"), "nothing changed")
        let both = try await cli.run("settings", "--water-oz", "8", "--water-ml", "250")
        #expect(both.status != 0 && both.stderr.contains("--water-oz or --water-ml"))
    }
}
