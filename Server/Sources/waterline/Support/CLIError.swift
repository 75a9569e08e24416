/// A refusal the person can act on, printed as one line on stderr with exit status 1.
struct CLIError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
