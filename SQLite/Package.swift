// swift-tools-version: 6.0
import PackageDescription

// One SQLite connection used synchronously with its statements kept prepared: the server's
// database thread and the command line's store share it, so neither package builds the other.
let package = Package(
    name: "WaterlineSQLite",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "WaterlineSQLite", targets: ["WaterlineSQLite"]),
    ],
    dependencies: [
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    ],
    targets: [
        .target(
            name: "WaterlineSQLite",
            dependencies: [
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
