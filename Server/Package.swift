// swift-tools-version: 6.0
import PackageDescription

// Server-side Swift: the sync server (`waterline-server`) and the command-line companion
// (`waterline`), one package so SwiftNIO, SQLite and the kit build once for both. The server's
// module links the portable core's values and rules (`WaterlineCore`) and the wire API it shares
// with the clients (`WaterlineAPI`), nothing of the runtime, stores or screens; the command line
// runs on the kit's runtime with its own SQLite store (the explicit-import check holds each to
// what it declares).
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
            dependencies: [
                .product(name: "WaterlineSQLite", package: "WaterlineSQLite"),
                "WaterlineJSON",
                .product(name: "WaterlineCore", package: "Waterline"),
                .product(name: "WaterlineAPI", package: "Waterline"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // Every call to Apple: a whole-exchange deadline, a bounded answer, no redirect off its host.
                "WaterlineHTTPClient",
                // AsyncHTTPClient's zlib module, which SwiftPM does not pass on to importers of WaterlineHTTPClient.
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ]
        ),
        .executableTarget(
            name: "waterline-server",
            dependencies: [
                "WaterlineServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "waterline-load",
            dependencies: [
                "WaterlineServer",
                .product(name: "WaterlineCore", package: "Waterline"),
                .product(name: "WaterlineAPI", package: "Waterline"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        /// `HTTPTransport` over AsyncHTTPClient, the command line's: answers bounded while they stream.
        .target(
            name: "WaterlineHTTPClient",
            dependencies: [
                .product(name: "WaterlineAPI", package: "Waterline"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ]
        ),
        /// The command line's store in one SQLite file: rows only, the kit's `StoreRules` decide.
        .target(
            name: "WaterlineSQLiteStore",
            dependencies: [
                .product(name: "WaterlineCore", package: "Waterline"),
                .product(name: "WaterlineAPI", package: "Waterline"),
                .product(name: "WaterlineStorage", package: "Waterline"),
                .product(name: "WaterlineSQLite", package: "WaterlineSQLite"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
            ]
        ),
        /// The command-line companion: a night out in the terminal on the same kit runtime the app
        /// uses (every change through its one door).
        .executableTarget(
            name: "waterline",
            dependencies: [
                "WaterlineSQLiteStore",
                "WaterlineHTTPClient",
                // AsyncHTTPClient's zlib module, which SwiftPM does not pass on to importers of WaterlineHTTPClient.
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "WaterlineCore", package: "Waterline"),
                .product(name: "WaterlineAPI", package: "Waterline"),
                .product(name: "WaterlineStorage", package: "Waterline"),
                .product(name: "WaterlineSync", package: "Waterline"),
                .product(name: "WaterlineRuntime", package: "Waterline"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "waterline-sync-bench",
            dependencies: [
                "WaterlineSQLiteStore",
                .product(name: "WaterlineCore", package: "Waterline"),
                .product(name: "WaterlineAPI", package: "Waterline"),
                .product(name: "WaterlineStorage", package: "Waterline"),
                .product(name: "WaterlineSync", package: "Waterline"),
                .product(name: "WaterlineRuntime", package: "Waterline"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        /// A writer the command line's tests kill between two saves of one transaction (not a product).
        .executableTarget(
            name: "store-kill-writer",
            dependencies: [
                "WaterlineSQLiteStore",
                .product(name: "WaterlineCore", package: "Waterline"),
                .product(name: "WaterlineStorage", package: "Waterline"),
            ]
        ),
        /// The phone's and watch's transport asked for one answer in a process of its own, so the
        /// command line's tests measure what a hostile answer costs it (not a product).
        .executableTarget(
            name: "transport-probe",
            dependencies: [.product(name: "WaterlineAPI", package: "Waterline")]
        ),
        /// A loopback server with a test's own routes, for clients against a misbehaving server.
        .target(
            name: "TestBackends",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird"), .product(name: "NIOCore", package: "swift-nio")],
            path: "Tests/TestBackends"
        ),
        /// The command line's binaries run as processes, against the server's own binary.
        .testTarget(
            name: "WaterlineCLITests",
            dependencies: [
                "waterline",
                "waterline-server",
                "store-kill-writer",
                "transport-probe",
                "WaterlineSQLiteStore",
                "TestBackends",
                .product(name: "WaterlineCore", package: "Waterline"),
                .product(name: "WaterlineAPI", package: "Waterline"),
                .product(name: "WaterlineStorage", package: "Waterline"),
                .product(name: "WaterlineSync", package: "Waterline"),
                .product(name: "WaterlineRuntime", package: "Waterline"),
                .product(name: "WaterlineTestSupport", package: "Waterline"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "WaterlineServerTests",
            dependencies: [
                "TestBackends",
                "WaterlineHTTPClient",
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                "WaterlineJSON",
                .product(name: "WaterlineSQLite", package: "WaterlineSQLite"),
                "WaterlineServer",
                .product(name: "WaterlineCore", package: "Waterline"),
                .product(name: "WaterlineAPI", package: "Waterline"),
                // The real client stack against the real server: stores, sync, the runtime.
                .product(name: "WaterlineStorage", package: "Waterline"),
                .product(name: "WaterlineSync", package: "Waterline"),
                .product(name: "WaterlineRuntime", package: "Waterline"),
                .product(name: "WaterlineScreens", package: "Waterline"),
                .product(name: "WaterlineTestSupport", package: "Waterline"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
