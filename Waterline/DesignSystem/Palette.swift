import SwiftUI

/// Calm colours: a neutral accent at rest, amber when the Waterline asks for water.
enum Palette {
    static let calm = Color.teal
    static let warning = Color.orange
    static let centerLine = Color.secondary
    static let card = Color(.secondarySystemBackground)
}
