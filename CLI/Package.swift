// swift-tools-version: 6.0
import PackageDescription

// The command-line companion: a night out in the terminal on the same kit runtime the app uses
// (every change through its one door), with its own SQLite store.
let package = Package(
    name: "WaterlineCLI",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "waterline", targets: ["waterline"]),
        .executable(name: "waterline-sync-bench", targets: ["waterline-sync-bench"]),
        .library(name: "WaterlineSQLiteStore", targets: ["WaterlineSQLiteStore"]),
    ],
    dependencies: [
        // Named, because a path dependency is otherwise known by its folder name, which differs per clone.
        .package(name: "Waterline", path: ".."),
        // The SQLite handle the server uses too (its own package: the command line does not build
        // the server; its sync test runs the server's own binary, `Server/.build/debug/waterline-server`).
        .package(name: "WaterlineSQLite", path: "../SQLite"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        /// The store in one SQLite file: rows only, the kit's `StoreRules` decide (SQLite compiled
        /// from source with sqlite-nio, so no system SQLite is needed).
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
        .executableTarget(
            name: "waterline",
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
        /// A writer the tests kill between two saves of one transaction (not a product).
        .executableTarget(
            name: "store-kill-writer",
            dependencies: [
                "WaterlineSQLiteStore",
                .product(name: "WaterlineCore", package: "Waterline"),
                .product(name: "WaterlineStorage", package: "Waterline"),
            ]
        ),
        .testTarget(
            name: "WaterlineCLITests",
            dependencies: [
                "waterline",
                "store-kill-writer",
                "WaterlineSQLiteStore",
                .product(name: "WaterlineCore", package: "Waterline"),
                .product(name: "WaterlineAPI", package: "Waterline"),
                .product(name: "WaterlineStorage", package: "Waterline"),
                .product(name: "WaterlineSync", package: "Waterline"),
                .product(name: "WaterlineRuntime", package: "Waterline"),
                .product(name: "WaterlineTestSupport", package: "Waterline"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
