// swift-tools-version: 6.0
import PackageDescription

// Server-side Swift: the sync server (`waterline-server`) and the command-line companion
// (`waterline`), one package so SwiftNIO, SQLite and the kit build once for both. The server's
// module links the portable core's values and rules (`WaterlineCore`) and the wire API it shares
// with the clients (`WaterlineAPI`), nothing of the runtime, stores or screens; the command line
// runs on the kit's runtime with its own SQLite store (the explicit-import check holds each to
// what it declares).

// Each dependency is named once here, and the targets below list them by name (declared first: a
// manifest runs from top to bottom).
extension Target.Dependency {
    static func kit(_ name: String) -> Self { .product(name: name, package: "Waterline") }

    // The kit's modules (the root package).
    static let core = kit("WaterlineCore")
    static let api = kit("WaterlineAPI")
    static let storage = kit("WaterlineStorage")
    static let sync = kit("WaterlineSync")
    static let runtime = kit("WaterlineRuntime")
    static let screens = kit("WaterlineScreens")
    static let testSupport = kit("WaterlineTestSupport")
    /// The SQLite handle the server and the command line's store share.
    static let sqliteHandle = Self.product(name: "WaterlineSQLite", package: "WaterlineSQLite")

    static let asyncHTTPClient = Self.product(name: "AsyncHTTPClient", package: "async-http-client")
    static let hummingbird = Self.product(name: "Hummingbird", package: "hummingbird")
    static let hummingbirdCore = Self.product(name: "HummingbirdCore", package: "hummingbird")
    static let jwtKit = Self.product(name: "JWTKit", package: "jwt-kit")
    static let sqlKit = Self.product(name: "SQLKit", package: "sql-kit")
    static let sqliteKit = Self.product(name: "SQLiteKit", package: "sqlite-kit")
    static let postgresKit = Self.product(name: "PostgresKit", package: "postgres-kit")
    static let postgresNIO = Self.product(name: "PostgresNIO", package: "postgres-nio")
    static let sqliteNIO = Self.product(name: "SQLiteNIO", package: "sqlite-nio")
    static let crypto = Self.product(name: "Crypto", package: "swift-crypto")
    static let cryptoExtras = Self.product(name: "CryptoExtras", package: "swift-crypto")
    static let nioCore = Self.product(name: "NIOCore", package: "swift-nio")
    static let nioPosix = Self.product(name: "NIOPosix", package: "swift-nio")
    static let nioHTTP1 = Self.product(name: "NIOHTTP1", package: "swift-nio")
    static let nioHTTPTypes = Self.product(name: "NIOHTTPTypes", package: "swift-nio-extras")
    static let nioHTTPCompression = Self.product(name: "NIOHTTPCompression", package: "swift-nio-extras")
    static let httpTypes = Self.product(name: "HTTPTypes", package: "swift-http-types")
    static let logging = Self.product(name: "Logging", package: "swift-log")
    static let argumentParser = Self.product(name: "ArgumentParser", package: "swift-argument-parser")
    static let prometheus = Self.product(name: "Prometheus", package: "swift-prometheus")
    static let serviceLifecycle = Self.product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
}

/// The client side the command line, its bench and the tests run: the kit's runtime on its stores and sync.
let clientStack: [Target.Dependency] = [.core, .api, .storage, .sync, .runtime]
/// The HTTP client, with AsyncHTTPClient's zlib module, which SwiftPM does not pass on to its importers.
let httpClient: [Target.Dependency] = ["WaterlineHTTPClient", .nioHTTPCompression]

let package = Package(
    name: "WaterlineServer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "waterline-server", targets: ["waterline-server"]),
        .executable(name: "waterline-load", targets: ["waterline-load"]),
        .executable(name: "waterline", targets: ["waterline"]),
        .executable(name: "waterline-sync-bench", targets: ["waterline-sync-bench"]),
        .library(name: "WaterlineSQLiteStore", targets: ["WaterlineSQLiteStore"]),
        /// The server as a library, for tests of other packages that need one running in-process.
        .library(name: "WaterlineServer", targets: ["WaterlineServer"]),
    ],
    dependencies: [
        // Named, because a path dependency is otherwise known by its folder name, which differs per clone.
        .package(name: "Waterline", path: ".."),
        // The SQLite handle the server and the command line's store share.
        .package(name: "WaterlineSQLite", path: "../SQLite"),
        // The command line's HTTP client: it reads an answer only as fast as it is consumed and
        // bounds what decompression makes (Linux's URLSession does neither).
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.7.1"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // The server's own background work (Apple revocations) runs and stops with Hummingbird's services.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    ],
    targets: [
        // JSON read and written as the kit's coding does it (Foundation's answer stands wherever
        // this one declines), several times faster: no dependencies.
        .target(name: "WaterlineJSON"),
        .target(
            name: "WaterlineServer",
            dependencies: ["WaterlineJSON", .sqliteHandle, .core, .api, .hummingbird, .hummingbirdCore, .nioHTTPTypes, .httpTypes, .jwtKit]
                + [.sqlKit, .sqliteKit, .postgresKit, .postgresNIO, .sqliteNIO, .crypto, .nioCore, .nioPosix, .logging, .prometheus]
                + [.serviceLifecycle]
                // Every call to Apple: a whole-exchange deadline, a bounded answer, no redirect off its host.
                + httpClient
        ),
        .executableTarget(name: "waterline-server", dependencies: ["WaterlineServer", .argumentParser, .nioCore, .nioPosix]),
        .executableTarget(name: "waterline-load", dependencies: ["WaterlineServer", .core, .api, .argumentParser, .logging]),
        /// `HTTPTransport` over AsyncHTTPClient, the command line's: answers bounded while they stream.
        .target(name: "WaterlineHTTPClient", dependencies: [.api, .asyncHTTPClient, .nioCore, .nioHTTP1, .nioHTTPCompression]),
        /// The command line's store in one SQLite file: rows only, the kit's `StoreRules` decide.
        .target(name: "WaterlineSQLiteStore", dependencies: [.core, .api, .storage, .sqliteHandle, .sqliteNIO]),
        /// The command-line companion: a night out in the terminal on the same kit runtime the app
        /// uses (every change through its one door).
        .executableTarget(name: "waterline", dependencies: ["WaterlineSQLiteStore", .argumentParser] + clientStack + httpClient),
        .executableTarget(name: "waterline-sync-bench", dependencies: ["WaterlineSQLiteStore", .argumentParser] + clientStack),
        /// A writer the command line's tests kill between two saves of one transaction (not a product).
        .executableTarget(name: "store-kill-writer", dependencies: ["WaterlineSQLiteStore", .core, .storage]),
        /// The phone's and watch's transport asked for one answer in a process of its own, so the
        /// command line's tests measure what a hostile answer costs it (not a product).
        .executableTarget(name: "transport-probe", dependencies: [.api]),
        /// A loopback server with a test's own routes, for clients against a misbehaving server.
        .target(name: "TestBackends", dependencies: [.hummingbird, .nioCore], path: "Tests/TestBackends"),
        /// The command line's binaries run as processes, against the server's own binary.
        .testTarget(
            name: "WaterlineCLITests",
            dependencies: ["waterline", "waterline-server", "store-kill-writer", "transport-probe", "WaterlineSQLiteStore", "TestBackends"]
                + clientStack + [.testSupport, .sqliteNIO, .hummingbird, .nioCore]
        ),
        .testTarget(
            name: "WaterlineServerTests",
            dependencies: ["TestBackends", "WaterlineJSON", "WaterlineServer", .httpTypes, .sqliteHandle]
                + httpClient
                // The real client stack against the real server: stores, sync, the runtime.
                + clientStack + [.screens, .testSupport]
                + [.jwtKit, .cryptoExtras, .hummingbird, .logging, .nioCore, .nioPosix, .sqlKit, .sqliteNIO, .postgresKit, .prometheus, .crypto]
        ),
    ],
    swiftLanguageModes: [.v6]
)
