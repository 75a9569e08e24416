import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineDesign
import WaterlineTestSupport

@Suite("Design tokens")
struct DesignTokenTests {
    @Test("WCAG's contrast: black on white is 21, a colour on itself is 1")
    func contrastFormula() {
        let black = RGBColor(hex: 0x000000), white = RGBColor(hex: 0xFFFFFF)
        #expect(abs(black.contrast(with: white) - 21) < 0.001)
        #expect(abs(white.contrast(with: black) - 21) < 0.001)
        #expect(abs(RGBColor(hex: 0x777777).contrast(with: RGBColor(hex: 0x777777)) - 1) < 0.001)
        // #767676 on white is the known AA edge, 4.54.
        #expect(abs(RGBColor(hex: 0x767676).contrast(with: white) - 4.54) < 0.01)
        #expect(RGBColor(hex: 0x00687A).description == "#00687A")
    }

    @Test("every pairing the app uses meets WCAG AA, in light and in dark", arguments: DesignTokens.pairings)
    func pairings(pairing: DesignTokens.Pairing) {
        let light = pairing.foreground.light.contrast(with: pairing.background.light)
        let dark = pairing.foreground.dark.contrast(with: pairing.background.dark)
        #expect(light >= pairing.minimum, "\(pairing.foreground.name) on \(pairing.background.name), light: \(light)")
        #expect(dark >= pairing.minimum, "\(pairing.foreground.name) on \(pairing.background.name), dark: \(dark)")
    }

    @Test("warning and calm stay apart, so the gauge's change is seen, not only read")
    func distinct() {
        #expect(DesignTokens.calm.light != DesignTokens.warning.light)
        #expect(abs(DesignTokens.calm.light.relativeLuminance - DesignTokens.warning.light.relativeLuminance) < 0.2, "neither shouts")
        #expect(Set(DesignTokens.colors.map(\.name)).count == DesignTokens.colors.count)
    }
}
