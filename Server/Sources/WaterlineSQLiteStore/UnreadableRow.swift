/// A row of the store that does not decode (written by a newer version, or edited by hand): it is
/// left out of what is read and left as it is in the file, and each command names it once.
public struct UnreadableRow: Hashable, Sendable, CustomStringConvertible {
    /// The table it is in.
    public var table: String
    /// Its key there (a record's id, an outbox key).
    public var key: String
    /// What the decoder said, shortened.
    public var reason: String

    public var description: String { "\(table) \(key) (\(reason))" }
}
