/// What the live screen is asking, and what each key does there. No terminal involved: the
/// loop feeds it bytes and carries out the actions it returns.
struct LiveScreenState: Equatable {
    enum Mode: Equatable {
        case main
        /// "d" was pressed: the presets are listed by number.
        case pickingPreset
        /// "e" was pressed: end the session? y / n.
        case confirmingEnd
    }

    enum Action: Equatable {
        case logWater
        /// The preset at this index of the list shown.
        case logPreset(Int)
        case undo
        case startSession
        case endSession
        case quit
        /// Only the screen changed (a menu opened or closed).
        case redraw
    }

    private(set) var mode = Mode.main

    static let escape: UInt8 = 27
    static let interrupt: UInt8 = 3

    /// The action for `key`, or nil when the key means nothing here.
    mutating func press(_ key: UInt8, hasSession: Bool, presetCount: Int) -> Action? {
        if key == Self.interrupt { return .quit }
        let letter = Character(Unicode.Scalar(key)).lowercased()
        switch mode {
        case .pickingPreset:
            if key == Self.escape || letter == "q" || letter == "d" { return back() }
            guard let number = Int(letter), number >= 1, number <= min(presetCount, 9) else { return nil }
            mode = .main
            return .logPreset(number - 1)
        case .confirmingEnd:
            if letter == "y" {
                mode = .main
                return .endSession
            }
            return letter == "n" || key == Self.escape || letter == "q" ? back() : nil
        case .main:
            guard hasSession else {
                switch letter {
                case "s": return .startSession
                case "q": return .quit
                default: return nil
                }
            }
            switch letter {
            case "w": return .logWater
            case "u": return .undo
            case "q": return .quit
            case "d":
                guard presetCount > 0 else { return nil }
                mode = .pickingPreset
                return .redraw
            case "e":
                mode = .confirmingEnd
                return .redraw
            default: return nil
            }
        }
    }

    /// The session went away (ended elsewhere): no menu about it stays open.
    mutating func sessionEnded() {
        mode = .main
    }

    private mutating func back() -> Action {
        mode = .main
        return .redraw
    }
}
