import Foundation
import SQLKit
import WaterlineAPI
import WaterlineCore

/// Migration 2: `users.settings_updated_at`, the settings' own stamp (0 for untouched defaults),
/// filled from the settings each user already has.
enum SettingsStampColumn {
    @Sendable static func add(_ sql: any SQLDatabase) async throws {
        // Another server on the same database may have added it first.
        if try await !Migrations.hasColumn("settings_updated_at", in: "users", sql) {
            try await sql.raw("ALTER TABLE users ADD COLUMN settings_updated_at DOUBLE PRECISION NOT NULL DEFAULT 0").run()
        }
        for row in try await sql.raw("SELECT id, settings FROM users").all() {
            let settings = try WaterlineCoding.decoder().decode(UserSettings.self, from: Data(row.decode(column: "settings", as: String.self).utf8))
            try await sql.raw("""
                UPDATE users SET settings_updated_at = \(bind: settings.updatedAt.timeIntervalSince1970 * 1000)
                WHERE id = \(bind: try row.decode(column: "id", as: String.self))
                """).run()
        }
    }
}
