import WaterlineSQLite

/// The integrity check made when a store is opened.
enum StoreIntegrity {
    /// nil when SQLite finds the file sound; otherwise its first finding.
    static func check(_ connection: SQLiteHandle, path: String) throws -> StoreDamage? {
        do {
            let rows = try connection.rows("PRAGMA quick_check")
            let findings = rows.compactMap { $0.column("quick_check")?.string }
            guard findings != ["ok"] else { return nil }
            return StoreDamage(path: path, finding: findings.first ?? "no answer from the integrity check")
        } catch let error as SQLiteFailure {
            // A page too damaged to walk makes the check itself fail.
            return StoreDamage(path: path, finding: error.description)
        }
    }
}
