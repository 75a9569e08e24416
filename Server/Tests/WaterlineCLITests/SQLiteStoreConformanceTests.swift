import Foundation
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync
import WaterlineSQLiteStore
import WaterlineTestSupport

/// The command line's SQLite store follows the kit's rules: the shared conformance suite the
/// in-memory and SwiftData stores run, on a new file each time.
@Suite("waterline store: conformance")
struct SQLiteStoreConformanceTests {
    @Test("SQLite on disk", arguments: StoreConformance.all)
    func onDisk(_ check: StoreConformance) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("waterline-conformance-\(UUID().uuidString)/waterline.sqlite").path
        let store = try await SQLiteSessionStore.open(path: path)
        // Closed whatever the check did: SQLite connections must be closed before they go.
        do {
            try await check.run { store }
        } catch {
            await store.close()
            throw error
        }
        await store.close()
    }
}
