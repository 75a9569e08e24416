/// The SQLite file failed its check at open (`integrity_check`, or `quick_check` for a large
/// file): the server does not start on it.
public struct DamagedDatabase: Error, CustomStringConvertible {
    public let path: String
    /// The check that failed.
    public let check: String
    /// What the check reported (its first few findings).
    public let problems: [String]

    public var description: String {
        """
        the database \(path) is damaged (\(check): \(LogText.escaped(problems.joined(separator: "; "), limit: 200))); \
        it was not changed and the server will not start on it. Restore it from a backup, or keep what is intact: \
        stop, move it (and any waterline.sqlite-wal beside it) aside as damaged.sqlite, \
        run `sqlite3 damaged.sqlite .recover | sqlite3 waterline.sqlite` in the data directory, and start again
        """
    }
}
