import Foundation
import Testing
import WaterlineCore
import WaterlineAPI
import WaterlineStorage
import WaterlineRuntime

/// What every `SyncStore` must do, as checks a test target runs against its own store: the
/// in-memory store in the root package, the SwiftData store where SwiftData exists, the command
/// line's SQLite store in its package.
///
///     @Test(arguments: StoreConformance.all)
///     func conforms(_ check: StoreConformance) async throws {
///         try await check.run { try await SQLiteSessionStore.open(path: temporaryPath()) }
///     }
public struct StoreConformance: Sendable, CustomTestStringConvertible {
    /// Makes an empty store; each check makes its own.
    public typealias MakeStore = @Sendable () async throws -> any SyncStore

    public let name: String
    private let body: @Sendable (any SyncStore) async throws -> Void

    init(_ name: String, _ body: @escaping @Sendable (any SyncStore) async throws -> Void) {
        self.name = name
        self.body = body
    }

    public var testDescription: String { name }

    /// Runs the check on a store made by `make`.
    public func run(_ make: MakeStore) async throws {
        try await body(make())
    }

    /// Every check.
    public static var all: [StoreConformance] {
        localWrites + outboxChecks + remoteChecks + queryChecks + feedChecks
    }

    /// A session service over `store` on a clock the check moves.
    static func service(_ store: any SyncStore, clock: TestClock = TestClock()) -> SessionService {
        let ids = IncrementingUUIDs()
        return SessionService(store: store, now: { clock.now }, makeID: { ids() })
    }

    /// The person every check that writes records starts with.
    static func person(_ store: any SyncStore) async throws {
        try await store.saveUser(User(id: UUID(number: 1), createdAt: Fixed.start))
    }
}
