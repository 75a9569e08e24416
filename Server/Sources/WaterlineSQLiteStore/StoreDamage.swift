/// A store file that failed its integrity check: reads go on, writes are refused with this.
public struct StoreDamage: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// The first problem SQLite reported.
    public var finding: String

    public init(path: String, finding: String) {
        self.path = path
        self.finding = finding
    }

    /// Why a write was refused.
    public var description: String {
        "the store \(path) is damaged (\(finding)); nothing was written. " + recovery
    }

    /// Said once when the store is opened.
    public var warning: String {
        "the store \(path) is damaged (\(finding)); reading what is intact, writing nothing. " + recovery
    }

    private var recovery: String {
        "Save what can still be read with `waterline export --format json > waterline-backup.json`, then move the file aside and start again"
    }
}
