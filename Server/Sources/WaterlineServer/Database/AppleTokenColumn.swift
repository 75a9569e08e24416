import SQLKit

/// Migration 13: `users.apple_refresh_token`, the person's Sign in with Apple refresh token
/// (`AppleAccountLink`), kept to revoke when the account is deleted; null when none was given.
enum AppleTokenColumn {
    static func add(_ sql: any SQLDatabase) async throws {
        if try await !Migrations.hasColumn("apple_refresh_token", in: "users", sql) {
            try await sql.raw("ALTER TABLE users ADD COLUMN apple_refresh_token TEXT").run()
        }
    }
}
