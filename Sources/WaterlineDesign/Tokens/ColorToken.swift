/// A palette colour in light and dark appearance.
public struct ColorToken: Hashable, Sendable {
    public var name: String
    public var light: RGBColor
    public var dark: RGBColor

    public init(_ name: String, light: UInt32, dark: UInt32) {
        self.name = name
        self.light = RGBColor(hex: light)
        self.dark = RGBColor(hex: dark)
    }
}
