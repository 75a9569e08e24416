// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Waterline",
    platforms: [.iOS(.v17), .watchOS(.v10), .macOS(.v14)],
    products: [
        .library(name: "WaterlineKit", targets: ["WaterlineKit"]),
        .library(name: "WaterlineData", targets: ["WaterlineData"]),
        /// What tests of any package share: fixed clocks and ids, and the store conformance suite.
        .library(name: "WaterlineTestSupport", targets: ["WaterlineTestSupport"]),
        .executable(name: "waterline-bench", targets: ["waterline-bench"]),
    ],
    targets: [
        .target(name: "WaterlineKit", resources: [.copy("Localization/Kit.xcstrings")]),
        .target(name: "WaterlineData", dependencies: ["WaterlineKit"]),
        .target(name: "WaterlineTestSupport", dependencies: ["WaterlineKit"]),
        .executableTarget(name: "waterline-bench", dependencies: ["WaterlineKit"]),
        .testTarget(
            name: "WaterlineTests",
            dependencies: ["WaterlineKit", "WaterlineData", "WaterlineTestSupport"],
            path: "WaterlineTests",
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
