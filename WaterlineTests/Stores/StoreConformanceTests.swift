import Foundation
import Testing
import WaterlineCore
import WaterlineAPI
import WaterlineStorage
import WaterlineSync
import WaterlineRuntime
import WaterlineScreens
import WaterlineTestSupport
#if canImport(SwiftData)
import WaterlineData
#endif

/// Every store follows the kit's rules: the shared conformance suite, run on the in-memory store
/// everywhere and on the SwiftData store where SwiftData exists (`swift test` on macOS). The
/// command line's SQLite store runs the same suite in its package.
@Suite("Store conformance")
struct StoreConformanceTests {
    @Test("in memory", arguments: StoreConformance.all)
    func inMemory(_ check: StoreConformance) async throws {
        try await check.run { InMemorySessionStore() }
    }

    #if canImport(SwiftData)
    @Test("SwiftData", arguments: StoreConformance.all)
    func swiftData(_ check: StoreConformance) async throws {
        try await check.run { SwiftDataSessionStore(modelContainer: try WaterlineContainer.make(inMemory: true)) }
    }
    #endif
}
