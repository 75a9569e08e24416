// swift-tools-version: 6.0
import PackageDescription

// The portable core, split along what each part may know: values and rules know nothing else;
// the wire API knows values; the stores know the wire payloads; sync knows the stores; the
// runtime (the one door every change goes through) knows sync; screen models know only values
// and the runtime's protocol, so they cannot reach the service or the store. The server links
// values and the wire API alone. `scripts/test` builds with SwiftPM's explicit-import check, so
// a module that imports one it does not declare fails to build.
let package = Package(
    name: "Waterline",
    platforms: [.iOS(.v17), .watchOS(.v10), .macOS(.v14)],
    products: [
        .library(name: "WaterlineCore", targets: ["WaterlineCore"]),
        .library(name: "WaterlineAPI", targets: ["WaterlineAPI"]),
        .library(name: "WaterlineStorage", targets: ["WaterlineStorage"]),
        .library(name: "WaterlineSync", targets: ["WaterlineSync"]),
        .library(name: "WaterlineRuntime", targets: ["WaterlineRuntime"]),
        .library(name: "WaterlineScreens", targets: ["WaterlineScreens"]),
        .library(name: "WaterlineData", targets: ["WaterlineData"]),
        .library(name: "WaterlineSystem", targets: ["WaterlineSystem"]),
        .library(name: "WaterlineDesign", targets: ["WaterlineDesign"]),
        /// What tests of any package share: fixed clocks and ids, and the store conformance suite.
        .library(name: "WaterlineTestSupport", targets: ["WaterlineTestSupport"]),
        .executable(name: "waterline-bench", targets: ["waterline-bench"]),
        .executable(name: "isolation-check", targets: ["isolation-check"]),
        .executable(name: "watch-bench", targets: ["watch-bench"]),
    ],
    targets: [
        /// Values, rules, the engine, reminders, words, and the actions' vocabulary.
        .target(name: "WaterlineCore", resources: [.copy("Localization/Kit.xcstrings")]),
        /// The backend function API shared with the server: functions, records, the client.
        .target(name: "WaterlineAPI", dependencies: ["WaterlineCore"]),
        /// Where a device keeps its records and outbox, and the rules every store follows.
        .target(name: "WaterlineStorage", dependencies: ["WaterlineCore", "WaterlineAPI"]),
        /// Pushing and pulling, the scheduler that decides when, and accounts.
        .target(name: "WaterlineSync", dependencies: ["WaterlineCore", "WaterlineAPI", "WaterlineStorage"]),
        /// The session service and the runtime around it, with its platform protocols.
        .target(name: "WaterlineRuntime", dependencies: ["WaterlineCore", "WaterlineAPI", "WaterlineStorage", "WaterlineSync"]),
        /// The screens' models: values in, `SessionActions` out.
        .target(name: "WaterlineScreens", dependencies: ["WaterlineCore"]),
        .target(name: "WaterlineData", dependencies: ["WaterlineCore", "WaterlineAPI", "WaterlineStorage"]),
        /// The design, in one place: the tokens (portable, their contrast tested everywhere), and
        /// where SwiftUI exists the palette, metrics, type scale and every drawing of the
        /// Waterline (the app's gauge, the widgets' bar, the watch's gauge, the complication's tint).
        .target(name: "WaterlineDesign", dependencies: ["WaterlineCore"]),
        /// The system clients the iPhone app and its extensions share (notification center, widget
        /// reloads, the cross-process signal, the Live Activity's attributes, Health): iOS only,
        /// empty elsewhere.
        .target(name: "WaterlineSystem", dependencies: ["WaterlineCore", "WaterlineRuntime"], path: "Apps/Shared"),
        .target(name: "WaterlineTestSupport", dependencies: ["WaterlineCore", "WaterlineAPI", "WaterlineStorage", "WaterlineRuntime"]),
        .executableTarget(name: "waterline-bench", dependencies: ["WaterlineCore"]),
        /// Reads the Apple targets for closures handed to system callbacks from main-actor code,
        /// which Swift 6 traps on at run time (`scripts/test` runs it over `Apps/`).
        .target(name: "WaterlineIsolationCheck"),
        .executableTarget(name: "isolation-check", dependencies: ["WaterlineIsolationCheck"]),
        /// What a watch log and a batch of them brought to the phone cost, in CPU and store writes.
        .executableTarget(
            name: "watch-bench", dependencies: ["WaterlineCore", "WaterlineAPI", "WaterlineStorage", "WaterlineSync", "WaterlineRuntime"]
        ),
        .testTarget(
            name: "WaterlineTests",
            dependencies: [
                "WaterlineCore", "WaterlineAPI", "WaterlineStorage", "WaterlineSync", "WaterlineRuntime", "WaterlineScreens",
                "WaterlineData", "WaterlineTestSupport", "WaterlineIsolationCheck", "WaterlineDesign",
            ],
            path: "WaterlineTests",
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
